import { setTwilioConfig, type TwilioConfig } from "@/lib/channels/twilio-config";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { twilioSignature } from "@/lib/channels/verify-twilio-signature";
import { createCallsPeer } from "./twilio-calls-peer";

export interface SunkSms {
  sid: string;
  to: string;
  from: string;
  /** The text the recipient sees: Body, or the template's text with its variables filled in. */
  body: string;
  contentSid?: string;
  contentVariables?: Record<string, string>;
  /** A media-header template's media URL with its variables filled in (what Twilio would fetch). */
  mediaUrl?: string;
  statusCallback?: string;
  /** 'queued' once accepted; 'failed' when the channel refused it after acceptance. */
  status: "queued" | "failed";
  errorCode?: number;
  validityPeriod?: string;
  createdAt: Date;
}

/** A request as the peer received it, whatever it answered (for checks against Twilio's description). */
export interface ReceivedTwilioRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  /** The form-encoded body's parameters (empty for a GET). */
  form: URLSearchParams;
  contentType?: string;
}

/** A status callback the peer owes the app, signed as Twilio signs it. */
export interface PendingCallback {
  url: string;
  params: Record<string, string>;
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
/** The account's SMS number (also the caller ID when TWILIO_VOICE_FROM is unset). */
export const TEST_SMS_FROM = "+15005550006";
/** A voice number of the account, for tests that set TWILIO_VOICE_FROM. */
export const TEST_VOICE_FROM = "+15005550009";

/** Approved WhatsApp Content templates the peer knows ({{1}} sender, {{2}} message). */
export const TEST_WHATSAPP_TEMPLATES = {
  en: { sid: "HX00000000000000000000000000000e01", body: "{{1}} sent you a reminder via Remindful: {{2}}" },
  es: {
    sid: "HX00000000000000000000000000000e02",
    body: "{{1}} te envía un recordatorio con Remindful: {{2}}",
  },
  fr: {
    sid: "HX00000000000000000000000000000f03",
    body: "{{1}} vous envoie un rappel via Remindful : {{2}}",
  },
} as const;

/**
 * Approved quick-reply templates (the same variables, buttons YES / NO / LATER with the ids
 * CONFIRM / DECLINE / LATER that come back as ButtonPayload), for confirmation asks.
 */
export const TEST_WHATSAPP_CONFIRM_TEMPLATES = {
  en: {
    sid: "HX00000000000000000000000000000c01",
    body: "Reminder from {{1}} via Remindful: {{2}} Please confirm.",
  },
  es: {
    sid: "HX00000000000000000000000000000c02",
    body: "Recordatorio de {{1}} con Remindful: {{2}} Confirma, por favor.",
  },
  fr: {
    sid: "HX00000000000000000000000000000c03",
    body: "Rappel de {{1}} via Remindful : {{2}} Merci de confirmer.",
  },
} as const;

/**
 * Approved media-header templates (twilio/media with a video sample): {{1}} sender, {{2}}
 * message, and the media URL `<APP_URL>/api/play/{{3}}` whose variable is the video's path.
 */
export const TEST_WHATSAPP_MEDIA_TEMPLATES = {
  en: {
    sid: "HX00000000000000000000000000000d01",
    body: "{{1}} sent you a video via Remindful: {{2}}",
    media: "http://localhost:3000/api/play/{{3}}",
  },
  es: {
    sid: "HX00000000000000000000000000000d02",
    body: "{{1}} te envía un vídeo con Remindful: {{2}}",
    media: "http://localhost:3000/api/play/{{3}}",
  },
  fr: {
    sid: "HX00000000000000000000000000000d03",
    body: "{{1}} vous envoie une vidéo via Remindful : {{2}}",
    media: "http://localhost:3000/api/play/{{3}}",
  },
} as const;

/** WhatsApp's customer-service window: free-form messages only within 24 h of the user's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 3_600_000;

export interface TwilioSinkOptions {
  latencyMs?: number;
  /** The peer's clock for the WhatsApp window (tests move it). */
  now?: () => number;
  /**
   * Messages per second accepted per From (GCRA: one message every 1/rate s; an arrival may
   * be early by `toleranceMs` at most, so no window of W seconds holds more than
   * rate * W + 1 + rate * tolerance). Beyond it: HTTP 429, code 20429, with Retry-After.
   */
  ratePerSender?: number;
  toleranceMs?: number;
  /** The account's calls per second (Twilio's default is 1); faster creates are queued (queueTimeMs). */
  callsPerSecond?: number;
  /** How early a create may come on the calls-per-second grid without being queued. */
  callsToleranceMs?: number;
}

/** RFC 2822 date as Twilio writes date_created ("Mon, 23 Nov 2026 09:00:00 +0000"). */
function rfc2822(date: Date): string {
  return date.toUTCString().replace("GMT", "+0000");
}

/**
 * A loopback server speaking Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, Basic auth, 201 with a message resource or an error resource), as strict as
 * Twilio on WhatsApp (docs/delivery.md): a free-form Body outside the 24-hour window is
 * accepted and then fails with 63016; templates need valid ContentVariables (21656 at once;
 * 63013 for newlines, tabs or >4 spaces and 63021 past 1,024 characters, after acceptance).
 * The window opens when the peer receives a message from that number (`receive`).
 * GET of the same path lists messages (newest first, filtered by To and From, paged with
 * PageSize/Page and next_page_uri). With `ratePerSender` each From is held to that rate.
 * The Calls API and the calls it places are `calls` (tests/support/twilio-calls-peer.ts).
 */
export async function startTwilioSink(options: TwilioSinkOptions = {}) {
  const messages: SunkSms[] = [];
  const callbacks: PendingCallback[] = [];
  const received: ReceivedTwilioRequest[] = [];
  const lastInbound = new Map<string, number>();
  let now = options.now ?? (() => Date.now());
  let mode: TwilioMode = { kind: "accept" };
  let requests = 0;
  let throttled = 0;
  const theoretical = new Map<string, number>();
  const path = `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`;
  const calls = createCallsPeer({
    accountSid: TEST_ACCOUNT_SID,
    authToken: TEST_AUTH_TOKEN,
    callerIds: [TEST_SMS_FROM, TEST_VOICE_FROM],
    callsPerSecond: options.callsPerSecond,
    toleranceMs: options.callsToleranceMs,
  });
  const resource = (m: SunkSms) => ({
    account_sid: TEST_ACCOUNT_SID,
    api_version: "2010-04-01",
    body: m.body,
    date_created: rfc2822(m.createdAt),
    date_sent: null,
    date_updated: rfc2822(m.createdAt),
    direction: "outbound-api",
    error_code: m.errorCode ?? null,
    error_message: null,
    from: m.from,
    messaging_service_sid: null,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    sid: m.sid,
    status: m.status,
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

  const templates = new Map<string, string>(
    [
      ...Object.values(TEST_WHATSAPP_TEMPLATES),
      ...Object.values(TEST_WHATSAPP_CONFIRM_TEMPLATES),
      ...Object.values(TEST_WHATSAPP_MEDIA_TEMPLATES),
    ].map((t) => [t.sid, t.body]),
  );
  const mediaUrls = new Map<string, string>(
    Object.values(TEST_WHATSAPP_MEDIA_TEMPLATES).map((t) => [t.sid, t.media]),
  );

  /** 201 with a failure to report later, an immediate error, or the message as sent. */
  function judge(form: URLSearchParams): { error?: [number, number, string]; sms?: SunkSms } {
    const to = form.get("To") ?? "";
    const whatsapp = to.startsWith("whatsapp:");
    const contentSid = form.get("ContentSid");
    const rawVariables = form.get("ContentVariables");
    const bodyParam = form.get("Body");
    if (rawVariables !== null && !contentSid) return { error: [400, 21654, "ContentSid Required"] };
    if (rawVariables !== null && bodyParam !== null) {
      return { error: [400, 35127, "Body and ContentVariables cannot be provided together"] };
    }
    // Twilio 63030: a template message carries its media in the template, not in MediaUrl.
    if (contentSid && form.has("MediaUrl")) {
      return { error: [400, 63030, "Unsupported parameter for type of channels message"] };
    }
    const sms: SunkSms = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      to,
      from: form.get("From") ?? form.get("MessagingServiceSid") ?? "",
      body: bodyParam ?? "",
      statusCallback: form.get("StatusCallback") ?? undefined,
      validityPeriod: form.get("ValidityPeriod") ?? undefined,
      createdAt: new Date(),
      status: "queued",
    };
    if (contentSid) {
      const template = templates.get(contentSid);
      if (!template) return { error: [404, 20404, `Content ${contentSid} not found`] };
      let variables: Record<string, unknown> = {};
      try {
        variables = rawVariables === null ? {} : (JSON.parse(rawVariables) as Record<string, unknown>);
      } catch {
        return { error: [400, 21656, "The ContentVariables Parameter is invalid"] };
      }
      const values = Object.values(variables);
      if (
        typeof variables !== "object" ||
        Array.isArray(variables) ||
        values.some((v) => typeof v !== "string" || v === "")
      ) {
        return { error: [400, 21656, "The ContentVariables Parameter is invalid"] };
      }
      const strings = variables as Record<string, string>;
      sms.contentSid = contentSid;
      sms.contentVariables = strings;
      sms.body = template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => strings[key] ?? "");
      const media = mediaUrls.get(contentSid);
      if (media) sms.mediaUrl = media.replace(/\{\{(\w+)\}\}/g, (_, key: string) => strings[key] ?? "");
      const placeholders = [...`${template} ${media ?? ""}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
      if (placeholders.some((key) => !strings[key] || /[\n\t]| {5,}/.test(strings[key]))) {
        sms.status = "failed";
        sms.errorCode = 63013;
      } else if (whatsapp && Array.from(sms.body).length > 1024) {
        sms.status = "failed";
        sms.errorCode = 63021;
      }
      return { sms };
    }
    if (whatsapp) {
      const opened = lastInbound.get(to.replace(/^whatsapp:/, ""));
      if (opened === undefined || now() - opened > WHATSAPP_WINDOW_MS) {
        sms.status = "failed";
        sms.errorCode = 63016;
      }
    }
    return { sms };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests++;
      const expectedAuth = `Basic ${Buffer.from(`${TEST_ACCOUNT_SID}:${TEST_AUTH_TOKEN}`).toString("base64")}`;
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      received.push({
        method: req.method ?? "",
        pathname: url.pathname,
        query: new URLSearchParams(url.searchParams),
        form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
        contentType: req.headers["content-type"],
      });
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (
        (req.method !== "POST" && req.method !== "GET") ||
        (url.pathname !== path && !calls.handles(url.pathname))
      )
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
      if (calls.handles(url.pathname)) {
        const answer =
          current.kind === "accept-hang" ? "hang" : current.kind === "accept-error" ? "fail" : "answer";
        return calls.handle(req.method ?? "", url, form, reply, answer);
      }
      if (req.method === "GET") return list(url, reply);
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
      const verdict = judge(form);
      if (verdict.error) {
        const [status, code, message] = verdict.error;
        return reply(status, { code, message, status });
      }
      const sms = verdict.sms!;
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
        if (sms.status === "failed" && sms.statusCallback) {
          callbacks.push({
            url: sms.statusCallback,
            params: {
              MessageSid: sms.sid,
              SmsSid: sms.sid,
              AccountSid: TEST_ACCOUNT_SID,
              From: sms.from,
              To: sms.to,
              MessageStatus: "failed",
              SmsStatus: "failed",
              ErrorCode: String(sms.errorCode),
            },
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
    /** The Calls API: calls created, their scenarios, running them against the app. */
    calls,
    requests: () => requests,
    /** Every request received so far, in order, refused or hung ones included. */
    received: (): readonly ReceivedTwilioRequest[] => received,
    /** Create requests refused with 429 for going over `ratePerSender`. */
    throttled: () => throttled,
    setMode(next: TwilioMode) {
      mode = next;
    },
    setNow(next: () => number) {
      now = next;
    },
    /**
     * A message from a phone reaches the peer: it opens that number's WhatsApp window and
     * returns the incoming-message webhook Twilio would post to `url`.
     */
    receive(url: string, params: { From: string; Body: string } & Record<string, string>) {
      lastInbound.set(params.From.replace(/^whatsapp:/, ""), now());
      return signedWebhook(url, {
        MessageSid: `SM${randomBytes(16).toString("hex")}`,
        AccountSid: TEST_ACCOUNT_SID,
        To: params.From.startsWith("whatsapp:") ? "whatsapp:+14155238886" : "+15005550006",
        ...params,
      });
    },
    /** The status callbacks owed so far (failures after acceptance), signed; the list is emptied. */
    takeCallbacks() {
      return callbacks.splice(0).map((c) => ({ ...c, ...signedWebhook(c.url, c.params) }));
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
 * Environment that points a process's Twilio channel at the sink (WhatsApp templates included),
 * for the worker and web processes tests start. The SMS rate is a short code's unless a test
 * sets its own (pacing tests do), so tests sending a few SMS at once are not slowed.
 */
export function twilioSinkEnv(sink: TwilioSink, smsMps = 100): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
    TWILIO_SMS_FROM: TEST_SMS_FROM,
    TWILIO_WHATSAPP_FROM: "+14155238886",
    TWILIO_WHATSAPP_TEMPLATE_EN: TEST_WHATSAPP_TEMPLATES.en.sid,
    TWILIO_WHATSAPP_TEMPLATE_ES: TEST_WHATSAPP_TEMPLATES.es.sid,
    TWILIO_WHATSAPP_TEMPLATE_FR: TEST_WHATSAPP_TEMPLATES.fr.sid,
    TWILIO_WHATSAPP_CONFIRM_TEMPLATE_EN: TEST_WHATSAPP_CONFIRM_TEMPLATES.en.sid,
    TWILIO_WHATSAPP_CONFIRM_TEMPLATE_ES: TEST_WHATSAPP_CONFIRM_TEMPLATES.es.sid,
    TWILIO_WHATSAPP_CONFIRM_TEMPLATE_FR: TEST_WHATSAPP_CONFIRM_TEMPLATES.fr.sid,
    TWILIO_API_BASE: sink.base,
    TWILIO_SMS_MPS: String(smsMps),
    TWILIO_CALLS_PER_SECOND: "100",
  };
}

/** The same settings as twilioSinkEnv, for this process (injected; see setTwilioConfig). */
export function twilioSinkConfig(sink: TwilioSink, smsMps = 100): TwilioConfig {
  return {
    accountSid: TEST_ACCOUNT_SID,
    authToken: TEST_AUTH_TOKEN,
    smsFrom: TEST_SMS_FROM,
    whatsappFrom: "+14155238886",
    whatsappTemplates: {
      en: TEST_WHATSAPP_TEMPLATES.en.sid,
      es: TEST_WHATSAPP_TEMPLATES.es.sid,
      fr: TEST_WHATSAPP_TEMPLATES.fr.sid,
    },
    whatsappConfirmTemplates: {
      en: TEST_WHATSAPP_CONFIRM_TEMPLATES.en.sid,
      es: TEST_WHATSAPP_CONFIRM_TEMPLATES.es.sid,
      fr: TEST_WHATSAPP_CONFIRM_TEMPLATES.fr.sid,
    },
    whatsappMediaTemplates: {
      en: TEST_WHATSAPP_MEDIA_TEMPLATES.en.sid,
      es: TEST_WHATSAPP_MEDIA_TEMPLATES.es.sid,
      fr: TEST_WHATSAPP_MEDIA_TEMPLATES.fr.sid,
    },
    smsMps,
    whatsappMps: 10,
    validityPeriod: 14_400,
    timeoutMs: 15_000,
    apiBase: sink.base,
    // Tests placing a few calls at once are not slowed; pacing tests set Twilio's 1 per second.
    callsPerSecond: 100,
    machineDetection: true,
  };
}

/** Points this process's Twilio channel at the sink; `changes` adjusts single settings. */
export function useTwilioSink(sink: TwilioSink, smsMps = 100, changes: Partial<TwilioConfig> = {}) {
  setTwilioConfig({ ...twilioSinkConfig(sink, smsMps), ...changes });
}

/**
 * A status callback for a message the sink took, as Twilio posts it: to the message's
 * StatusCallback URL (its delivery marker included) with its recipient as `To`; `params` may
 * override any of them (a forged or misdirected callback).
 */
export function statusCallbackFor(sink: TwilioSink, params: Record<string, string>, url?: string) {
  const sent = sink.messages.find((m) => m.sid === params.MessageSid);
  const target = url ?? sent?.statusCallback;
  if (!target) throw new Error(`No status callback URL for ${params.MessageSid}`);
  const { pathname, search } = new URL(target);
  const full = sent ? { To: sent.to, ...params } : params;
  return { path: `${pathname}${search}`, method: "POST", ...signedWebhook(target, full) };
}
