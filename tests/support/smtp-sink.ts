import { SMTPServer } from "smtp-server";

export interface SunkMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
  /** When the peer took the message (Date.now()), where it keeps that. */
  receivedAt?: number;
}

/**
 * What the sink does with the next messages: accept, refuse (SMTP code), never answer, or
 * "accept-hang": keep the message (it counts as received) but never send the final reply.
 */
export type SmtpMode =
  | { kind: "accept" }
  | { kind: "reject"; code: number; message: string }
  | { kind: "hang" }
  | { kind: "accept-hang" };

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === "B") return Buffer.from(data, "base64").toString("utf8");
      const bytes = data.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"));
    });
}

export function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), decodeWords(line.slice(at + 1).trim()));
  }
  return headers;
}

/** What a client sent on one connection, byte for byte (commands, DATA, QUIT). */
export interface WireCapture {
  bytes(): Buffer;
  /** Resolves once the connection has closed: then bytes() holds all it sent. */
  closed: Promise<void>;
}

/**
 * A real SMTP peer on a free loopback port that keeps what it receives; with `recordWire`, also
 * each connection's raw client bytes (kept for the sink's life: tests only, not benchmarks).
 */
export async function startSmtpSink(options: { latencyMs?: number; recordWire?: boolean } = {}) {
  const messages: SunkMail[] = [];
  const wire: WireCapture[] = [];
  let mode: SmtpMode = { kind: "accept" };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const current = mode;
        if (current.kind === "hang") return;
        if (current.kind === "reject") {
          const error = Object.assign(new Error(current.message), { responseCode: current.code });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const done = () => {
          let headers: Map<string, string> | undefined;
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            // Parsed when a test reads them: a benchmark's burst never does, and its peer shares the cores.
            get headers() {
              return (headers ??= parseHeaders(raw));
            },
          });
          // Received, then the reply after the end of data is lost.
          if (current.kind === "accept-hang") return;
          callback();
        };
        if (options.latencyMs) setTimeout(done, options.latencyMs);
        else done();
      });
    },
  });
  server.on("error", () => {});
  // Answer each command at once (no Nagle delay), as a production MTA would.
  server.server.on("connection", (socket: import("node:net").Socket) => {
    socket.setNoDelay(true);
    if (!options.recordWire) return;
    // The client speaks only after the server's greeting, by when smtp-server reads the socket too.
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    wire.push({ bytes: () => Buffer.concat(chunks), closed });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    wire,
    setMode(next: SmtpMode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
