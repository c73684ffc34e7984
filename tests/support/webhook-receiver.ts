import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the receiver saw it: headers (lower-case) and the raw body. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How the receiver answers a request: status, delay before answering, body, extra headers. */
export interface ReceiverAnswer {
  status?: number;
  delayMs?: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Decides each answer; default 200 at once. */
  answer: (request: ReceivedWebhook) => ReceiverAnswer;
  close(): Promise<void>;
}

/** An HTTP receiver on 127.0.0.1 (a free port), for webhook tests and the benchmark. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver = {
    url: "",
    received,
    answer: (() => ({ status: 200 })) as WebhookReceiver["answer"],
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers))
        if (typeof value === "string") headers[key] = value;
      const request = {
        path: req.url ?? "/",
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      received.push(request);
      const answer = receiver.answer(request);
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "ok");
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
