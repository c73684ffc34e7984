import "server-only";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { LookupFunction } from "node:net";
import type { ResolvedWebhookUrl } from "./resolve-webhook-url";

/** What one attempt got back. */
export interface PostOutcome {
  /** The response's status; null when none came (timeout, refused connection, TLS error). */
  status: number | null;
  durationMs: number;
  /** The start of the response body (at most `maxBodyBytes`, NUL characters dropped). */
  excerpt: string | null;
  /** Why there was no status. */
  error: string | null;
}

export interface PostOptions {
  timeoutMs: number;
  maxBodyBytes: number;
}

// Kept-open connections: a receiver that answers in 1 ms is then not paced by TCP handshakes.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** Connects to the address that was checked, whatever the name resolves to by now. */
function pinned(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * POSTs `body` to the checked address of `target`. No redirect is followed (a 3xx is an answer
 * like any other, and a failure). The whole exchange has `timeoutMs`; of the body only the
 * first `maxBodyBytes` are read. Never throws: a failure is an outcome.
 */
export function postWebhook(
  target: ResolvedWebhookUrl,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { url } = target;
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const protocol = url.protocol === "https:" ? "https:" : "http:";
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = (protocol === "https:" ? https : http).request({
      protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      agent: agents[protocol],
      lookup: pinned(target.address, target.family),
      servername: protocol === "https:" && !net.isIP(host) ? host : undefined,
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, excerpt: null, error: `timeout after ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    request.on("error", (error) =>
      finish({ status: null, excerpt: null, error: error.message.slice(0, 300) }),
    );
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const excerpt = Buffer.concat(chunks)
          .subarray(0, options.maxBodyBytes)
          .toString("utf8")
          .replace(/\u0000/g, "");
        finish({ status: response.statusCode ?? null, excerpt: excerpt || null, error: null });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= options.maxBodyBytes) {
          // Enough read: the rest is not wanted (the connection is dropped, not drained).
          response.destroy();
          done();
        }
      });
      response.on("end", done);
      response.on("error", done);
    });
    request.end(body);
  });
}
