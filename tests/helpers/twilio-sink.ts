import { randomBytes } from "node:crypto";
import http from "node:http";
import { twilioSignature } from "@/lib/channels/verify-twilio-signature";

export interface SunkSms {
  sid: string;
  to: string;
  from: string;
  /** The text the recipient sees: Body, or the template's text with its variables filled in. */
  body: string;
  contentSid?: string;
  contentVariables?: Record<string, string>;
  statusCallback?: string;
  /** 'queued' once accepted; 'failed' when the channel refused it after acceptance. */
  status: "queued" | "failed";
  errorCode?: number;
}

/** A status callback the peer owes the app, signed as Twilio signs it. */
export interface PendingCallback {
  url: string;
  params: Record<string, string>;
}

/** What the next requests get: Twilio's 201, an error body with its HTTP status, or no answer. */
export type TwilioMode =
  { kind: "accept" } | { kind: "error"; status: number; code: number; message: string } | { kind: "hang" };

export const TEST_ACCOUNT_SID = "AC00000000000000000000000000000000";
export const TEST_AUTH_TOKEN = "test-auth-token-0123456789abcdef";

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

/** WhatsApp's customer-service window: free-form messages only within 24 h of the user's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 3_600_000;

/**
 * A loopback server speaking Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, Basic auth, 201 with a message resource or an error resource), as strict as
 * Twilio on WhatsApp (docs/delivery.md): a free-form Body outside the 24-hour window is
 * accepted and then fails with 63016; templates need valid ContentVariables (21656 at once;
 * 63013 for newlines, tabs or >4 spaces and 63021 past 1,024 characters, after acceptance).
 * The window opens when the peer receives a message from that number (`receive`).
 */
export async function startTwilioSink(options: { latencyMs?: number; now?: () => number } = {}) {
  const messages: SunkSms[] = [];
  const callbacks: PendingCallback[] = [];
  const lastInbound = new Map<string, number>();
  let now = options.now ?? (() => Date.now());
  let mode: TwilioMode = { kind: "accept" };
  let requests = 0;
  const templates = new Map<string, string>(
    Object.values(TEST_WHATSAPP_TEMPLATES).map((t) => [t.sid, t.body]),
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
    const sms: SunkSms = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      to,
      from: form.get("From") ?? "",
      body: bodyParam ?? "",
      statusCallback: form.get("StatusCallback") ?? undefined,
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
      const placeholders = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
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
      const verdict = judge(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      if (verdict.error) {
        const [status, code, message] = verdict.error;
        return reply(status, { code, message, status });
      }
      const sms = verdict.sms!;
      const done = () => {
        messages.push(sms);
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

/** Environment that points a process's Twilio channel at the sink (WhatsApp templates included). */
export function twilioSinkEnv(sink: TwilioSink): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
    TWILIO_SMS_FROM: "+15005550006",
    TWILIO_WHATSAPP_FROM: "+14155238886",
    TWILIO_WHATSAPP_TEMPLATE_EN: TEST_WHATSAPP_TEMPLATES.en.sid,
    TWILIO_WHATSAPP_TEMPLATE_ES: TEST_WHATSAPP_TEMPLATES.es.sid,
    TWILIO_WHATSAPP_TEMPLATE_FR: TEST_WHATSAPP_TEMPLATES.fr.sid,
    TWILIO_API_BASE: sink.base,
  };
}

/** Points this process's Twilio channel at the sink. */
export function useTwilioSink(sink: TwilioSink) {
  Object.assign(process.env, twilioSinkEnv(sink));
}
