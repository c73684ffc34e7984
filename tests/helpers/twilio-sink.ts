import { randomBytes } from "node:crypto";
import http from "node:http";
import { twilioSignature } from "@/lib/channels/verify-twilio-signature";

export interface SunkSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback?: string;
  validityPeriod?: string;
  createdAt: Date;
}

/**
 * What the next requests get: Twilio's 201, an error body with its HTTP status, no answer at
 * all, "accept-hang": the message is created (and listed) but the answer never comes, or
 * "accept-error": created, then answered with a 5xx.
 */
export type TwilioMode =
  | { kind: "accept" }
  | { kind: "error"; status: number; code: number; message: string }
  | { kind: "hang" }
  | { kind: "accept-hang" }
  | { kind: "accept-error"; status: number };

export const TEST_ACCOUNT_SID = "AC00000000000000000000000000000000";
export const TEST_AUTH_TOKEN = "test-auth-token-0123456789abcdef";

export interface TwilioSinkOptions {
  latencyMs?: number;
  /**
   * Messages per second accepted per From (GCRA: one message every 1/rate s; an arrival may
   * be early by `toleranceMs` at most, so no window of W seconds holds more than
   * rate * W + 1 + rate * tolerance). Beyond it: HTTP 429, code 20429, with Retry-After.
   */
  ratePerSender?: number;
  toleranceMs?: number;
}

/** RFC 2822 date as Twilio writes date_created ("Mon, 23 Nov 2026 09:00:00 +0000"). */
function rfc2822(date: Date): string {
  return date.toUTCString().replace("GMT", "+0000");
}

/**
 * A loopback server speaking Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json
 * (form-encoded, Basic auth, 201 with a message resource or an error resource) and GET of the
 * same path (the list, newest first, filtered by To and From, paged with PageSize/Page and
 * next_page_uri).
 */
export async function startTwilioSink(options: TwilioSinkOptions = {}) {
  const messages: SunkSms[] = [];
  let mode: TwilioMode = { kind: "accept" };
  let requests = 0;
  let throttled = 0;
  const theoretical = new Map<string, number>();
  const path = `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`;
  const resource = (m: SunkSms) => ({
    account_sid: TEST_ACCOUNT_SID,
    api_version: "2010-04-01",
    body: m.body,
    date_created: rfc2822(m.createdAt),
    date_sent: null,
    date_updated: rfc2822(m.createdAt),
    direction: "outbound-api",
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: null,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    sid: m.sid,
    status: "queued",
    to: m.to,
    uri: `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages/${m.sid}.json`,
  });

  /** GCRA per From: null when accepted, else the ms until it would be. */
  function throttle(from: string, now: number): number | null {
    if (!options.ratePerSender) return null;
    const interval = 1_000 / options.ratePerSender;
    const tolerance = options.toleranceMs ?? interval / 4;
    const tat = theoretical.get(from) ?? now;
    if (now < tat - tolerance) return tat - tolerance - now;
    theoretical.set(from, Math.max(now, tat) + interval);
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests++;
      const expectedAuth = `Basic ${Buffer.from(`${TEST_ACCOUNT_SID}:${TEST_AUTH_TOKEN}`).toString("base64")}`;
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if ((req.method !== "POST" && req.method !== "GET") || url.pathname !== path)
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
      if (req.method === "GET") return list(url, reply);
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const from = form.get("From") ?? form.get("MessagingServiceSid") ?? "";
      const wait = throttle(from, performance.now());
      if (wait !== null) {
        throttled++;
        return reply(
          429,
          {
            code: 20429,
            message: "Too Many Requests",
            more_info: "https://www.twilio.com/docs/errors/20429",
            status: 429,
          },
          { "retry-after": String(Math.max(1, Math.ceil(wait / 1_000))) },
        );
      }
      const sms: SunkSms = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        to: form.get("To") ?? "",
        from,
        body: form.get("Body") ?? "",
        statusCallback: form.get("StatusCallback") ?? undefined,
        validityPeriod: form.get("ValidityPeriod") ?? undefined,
        createdAt: new Date(),
      };
      const done = () => {
        messages.push(sms);
        // Accepted, then the answer is lost: the client cannot know the message exists.
        if (current.kind === "accept-hang") return;
        if (current.kind === "accept-error") {
          return reply(current.status, {
            code: 20500,
            message: "Internal Server Error",
            status: current.status,
          });
        }
        reply(201, resource(sms));
      };
      if (options.latencyMs) setTimeout(done, options.latencyMs);
      else done();
    });
  });

  function list(url: URL, reply: (status: number, body: unknown) => void) {
    const to = url.searchParams.get("To");
    const from = url.searchParams.get("From");
    const pageSize = Math.min(1_000, Number(url.searchParams.get("PageSize") ?? 50));
    const page = Number(url.searchParams.get("Page") ?? 0);
    const matching = messages.filter((m) => (!to || m.to === to) && (!from || m.from === from)).reverse();
    const slice = matching.slice(page * pageSize, (page + 1) * pageSize);
    const uri = (p: number) => {
      const q = new URLSearchParams(url.searchParams);
      q.set("PageSize", String(pageSize));
      q.set("Page", String(p));
      return `${path}?${q}`;
    };
    reply(200, {
      end: page * pageSize + Math.max(0, slice.length - 1),
      first_page_uri: uri(0),
      messages: slice.map(resource),
      next_page_uri: (page + 1) * pageSize < matching.length ? uri(page + 1) : null,
      page,
      page_size: pageSize,
      previous_page_uri: page > 0 ? uri(page - 1) : null,
      start: page * pageSize,
      uri: uri(page),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    messages,
    requests: () => requests,
    /** Create requests refused with 429 for going over `ratePerSender`. */
    throttled: () => throttled,
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

/**
 * Points this process's Twilio channel at the sink. The SMS rate is a short code's unless a
 * test sets its own (pacing tests do), so tests sending a few SMS at once are not slowed.
 */
export function useTwilioSink(sink: TwilioSink, smsMps = 100) {
  process.env.TWILIO_ACCOUNT_SID = TEST_ACCOUNT_SID;
  process.env.TWILIO_AUTH_TOKEN = TEST_AUTH_TOKEN;
  process.env.TWILIO_SMS_FROM = "+15005550006";
  process.env.TWILIO_WHATSAPP_FROM = "+14155238886";
  process.env.TWILIO_API_BASE = sink.base;
  process.env.TWILIO_SMS_MPS = String(smsMps);
}
