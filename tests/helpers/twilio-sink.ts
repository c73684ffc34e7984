import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { twilioSignature } from "@/lib/channels/verify-twilio-signature";

export interface SunkSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback?: string;
}

/** What the next requests get: Twilio's 201, an error body with its HTTP status, or no answer. */
export type TwilioMode =
  { kind: "accept" } | { kind: "error"; status: number; code: number; message: string } | { kind: "hang" };

export const TEST_ACCOUNT_SID = "AC00000000000000000000000000000000";
export const TEST_AUTH_TOKEN = "test-auth-token-0123456789abcdef";

/**
 * A loopback server speaking Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, Basic auth, 201 with a message resource or an error resource).
 */
export async function startTwilioSink(options: { latencyMs?: number } = {}) {
  const messages: SunkSms[] = [];
  let mode: TwilioMode = { kind: "accept" };
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests++;
      const expectedAuth = `Basic ${Buffer.from(`${TEST_ACCOUNT_SID}:${TEST_AUTH_TOKEN}`).toString("base64")}`;
      const path = `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`;
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== path)
        return reply(404, { code: 20404, message: "Not found", status: 404 });
      if (req.headers.authorization !== expectedAuth)
        return reply(401, { code: 20003, message: "Authenticate", status: 401 });
      const current = mode;
      if (current.kind === "hang") return;
      if (current.kind === "error") {
        return reply(current.status, {
          code: current.code,
          message: current.message,
          status: current.status,
        });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const sms: SunkSms = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        statusCallback: form.get("StatusCallback") ?? undefined,
      };
      const done = () => {
        messages.push(sms);
        reply(201, { sid: sms.sid, status: "queued", to: sms.to, from: sms.from, body: sms.body });
      };
      if (options.latencyMs) setTimeout(done, options.latencyMs);
      else done();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    messages,
    requests: () => requests,
    setMode(next: TwilioMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TwilioSink = Awaited<ReturnType<typeof startTwilioSink>>;

/** Headers and form body of a webhook signed as Twilio signs it. */
export function signedWebhook(url: string, params: Record<string, string>, token = TEST_AUTH_TOKEN) {
  return {
    body: new URLSearchParams(params).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(token, url, params),
    },
  };
}

/** Points this process's Twilio channel at the sink. */
export function useTwilioSink(sink: TwilioSink) {
  setTwilioConfig({
    accountSid: TEST_ACCOUNT_SID,
    authToken: TEST_AUTH_TOKEN,
    smsFrom: "+15005550006",
    whatsappFrom: "+14155238886",
    apiBase: sink.base,
  });
}
