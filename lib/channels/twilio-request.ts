import "server-only";
import http from "node:http";
import https from "node:https";
import { twilioAuth, type TwilioConfig } from "./twilio-config";

/** Twilio's answer: its status, its Retry-After header and its body as text. */
export interface TwilioAnswer {
  status: number;
  retryAfter: string | null;
  body: string;
}

/**
 * Kept-open connections to Twilio's API, on node:http rather than fetch: in an SMS burst fetch
 * (undici) took about a third of the worker's CPU, a request costing several times more than the
 * same request through node:http (docs/PERFORMANCE.md).
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

/**
 * One request to Twilio's API with the account's credentials (`form`: a POST of that form, else a
 * GET). The whole exchange, body included, has `config.timeoutMs`; past it, or when the connection
 * fails or is cut before the whole answer is in, the promise rejects: whether Twilio acted on it
 * is then unknown to the caller.
 */
export function twilioRequest(config: TwilioConfig, url: URL, form?: URLSearchParams): Promise<TwilioAnswer> {
  const payload = form?.toString();
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(
      url,
      {
        method: payload === undefined ? "GET" : "POST",
        agent: url.protocol === "https:" ? agents["https:"] : agents["http:"],
        headers: {
          authorization: twilioAuth(config),
          accept: "application/json",
          ...(payload === undefined
            ? {}
            : {
                "content-type": "application/x-www-form-urlencoded",
                "content-length": Buffer.byteLength(payload),
              }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          clearTimeout(timer);
          const retryAfter = response.headers["retry-after"];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === "string" ? retryAfter : null,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
        response.on("close", () => {
          clearTimeout(timer);
          if (!response.complete) reject(new Error("the connection closed before the whole answer came"));
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${config.timeoutMs} ms`)),
      config.timeoutMs,
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(payload);
  });
}

/** The answer's JSON body, or an empty object when it has none or it is not JSON. */
export function answerJson<T extends object>(answer: TwilioAnswer): Partial<T> {
  try {
    const parsed: unknown = JSON.parse(answer.body);
    return typeof parsed === "object" && parsed !== null ? (parsed as Partial<T>) : {};
  } catch {
    return {};
  }
}
