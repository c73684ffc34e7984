import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";

// Local storage under a fresh directory (the video reminder's clip), set before lib/env is read.
const dataDir = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/remindful-twilio-contract-${process.pid}`;
  delete process.env.S3_BUCKET;
  return process.env.DATA_DIR;
});

import { eq } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { createContact, createReminder, createSender } from "../../support/delivery-fixtures";
import { createReadyMedia } from "../../support/media-fixtures";
import { noonZone } from "../../support/noon-zone";
import { loopbackPeers } from "../../support/peers";
import { twilioRequestViolations } from "../../support/twilio-openapi";
import {
  TEST_ACCOUNT_SID,
  TEST_WHATSAPP_CONFIRM_TEMPLATES,
  TEST_WHATSAPP_MEDIA_TEMPLATES,
  TEST_WHATSAPP_TEMPLATES,
  useTwilioSink,
  type ReceivedTwilioRequest,
} from "../../support/twilio-sink";

// Every request the app sends to the Twilio peer is checked against Twilio's own description
// of its Messages and Calls APIs (tests/fixtures/twilio-oai): the peer proves our wire format,
// this proves Twilio would take it.
const peers = loopbackPeers();

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const APP = "http://localhost:3000";
const MESSAGING_SERVICE_SID = "MG0123456789abcdef0123456789abcdef";
const consent = { whatsappConsentAt: new Date("2031-01-01T00:00:00Z"), whatsappConsentSource: "in_person" };
let phoneSeq = 0;
const nextPhone = () => `+3460000${String(5000 + phoneSeq++)}`;

const violationsOf = (requests: readonly ReceivedTwilioRequest[]) =>
  requests.flatMap((r) => twilioRequestViolations(r).map((v) => `${r.method} ${r.pathname}: ${v}`));

const deliveryOf = async (reminderId: string) =>
  (await db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId)))[0];

/**
 * A reminder due now (real time: the peer dates what it lists by its own clock) for a recipient at
 * noon, sent by one batch; `retry` runs a second batch when the first left it queued. Returns the
 * requests the peer received meanwhile.
 */
async function send(
  channel: "sms" | "whatsapp" | "call",
  options: { video?: boolean; reminder?: object; retry?: boolean } = {},
) {
  const before = peers.twilio.received().length;
  const at = new Date();
  const user = await createSender();
  const phone = nextPhone();
  const contact = await createContact(user.id, { phone, timezone: noonZone(at.getTime()), ...consent });
  const clip = options.video ? await createReadyMedia(user.id, "video") : undefined;
  const reminder = await createReminder(user.id, contact.id, at, {
    deliveryMethod: channel,
    message: "Happy birthday, Ben!",
    ...(clip ? { type: "video", mediaId: clip.id } : {}),
    ...options.reminder,
  });
  await runBatch({ workerId: "w", clock: () => at });
  if (options.retry) {
    peers.twilio.setMode({ kind: "accept" });
    const queued = await deliveryOf(reminder.id);
    expect(queued.status).toBe("queued");
    await runBatch({ workerId: "w", clock: () => queued.nextAttemptAt! });
  }
  const delivery = await deliveryOf(reminder.id);
  const requests = peers.twilio.received().slice(before);
  return { phone, delivery, requests, posts: requests.filter((r) => r.method === "POST") };
}

describe("every request the app sends is one Twilio's API description takes", () => {
  it("an SMS from a number, with its status callback and validity period", async () => {
    const { phone, delivery, requests, posts } = await send("sms");
    expect(delivery.status).toBe("sent");
    expect(posts).toHaveLength(1);
    const form = posts[0].form;
    expect(form.get("To")).toBe(phone);
    expect(form.get("From")).toBe("+15005550006");
    expect(form.get("Body")).toContain("Happy birthday, Ben!");
    expect(form.get("StatusCallback")).toBe(`${APP}/api/webhooks/twilio/status?d=delivery-${delivery.id}`);
    expect(form.get("ValidityPeriod")).toBe("14400");
    expect(violationsOf(requests)).toEqual([]);
  });

  it("an SMS through a Messaging Service", async () => {
    useTwilioSink(peers.twilio, 100, { messagingServiceSid: MESSAGING_SERVICE_SID });
    try {
      const { delivery, requests, posts } = await send("sms");
      expect(delivery.status).toBe("sent");
      expect(posts).toHaveLength(1);
      expect(posts[0].form.get("MessagingServiceSid")).toBe(MESSAGING_SERVICE_SID);
      expect(posts[0].form.has("From")).toBe(false);
      expect(violationsOf(requests)).toEqual([]);
    } finally {
      useTwilioSink(peers.twilio);
    }
  });

  it.each([
    ["the text template", {}, TEST_WHATSAPP_TEMPLATES.en.sid],
    [
      "the quick-reply template",
      { reminder: { askConfirmation: true } },
      TEST_WHATSAPP_CONFIRM_TEMPLATES.en.sid,
    ],
    ["the media template (a video)", { video: true }, TEST_WHATSAPP_MEDIA_TEMPLATES.en.sid],
  ])("WhatsApp through %s", async (_, options, contentSid) => {
    const { phone, delivery, requests, posts } = await send("whatsapp", options);
    expect(delivery.status).toBe("sent");
    expect(posts).toHaveLength(1);
    expect(posts[0].form.get("To")).toBe(`whatsapp:${phone}`);
    expect(posts[0].form.get("From")).toBe("whatsapp:+14155238886");
    expect(posts[0].form.get("ContentSid")).toBe(contentSid);
    expect(posts[0].form.has("Body")).toBe(false);
    expect(violationsOf(requests)).toEqual([]);
  });

  it.each(["sms", "whatsapp"] as const)(
    "an unanswered %s send: the lookup before the resend, and the resend",
    async (channel) => {
      // A short timeout so the unanswered request becomes an ambiguous attempt quickly.
      useTwilioSink(peers.twilio, 100, { timeoutMs: 500 });
      peers.twilio.setMode({ kind: "hang" });
      try {
        const { phone, delivery, requests } = await send(channel, { retry: true });
        expect(delivery.status).toBe("sent");
        expect(requests.map((r) => r.method)).toEqual(["POST", "GET", "POST"]);
        const to = channel === "sms" ? phone : `whatsapp:${phone}`;
        expect(requests[1].query.get("To")).toBe(to);
        expect(violationsOf(requests)).toEqual([]);
      } finally {
        peers.twilio.setMode({ kind: "accept" });
        useTwilioSink(peers.twilio);
      }
    },
  );

  it("a call: its TwiML and status webhooks, the events, ring timeout, time limit and machine detection", async () => {
    const { phone, delivery, requests, posts } = await send("call");
    expect(delivery.status).toBe("sent");
    expect(posts).toHaveLength(1);
    expect(posts[0].pathname).toBe(`/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Calls.json`);
    const form = posts[0].form;
    expect(form.get("To")).toBe(phone);
    expect(form.get("From")).toBe("+15005550006");
    expect(form.get("Url")).toBe(`${APP}/api/webhooks/twilio/voice?d=${delivery.id}`);
    expect(form.get("StatusCallback")).toBe(`${APP}/api/webhooks/twilio/voice/status?d=${delivery.id}`);
    expect(form.getAll("StatusCallbackEvent")).toEqual(["initiated", "ringing", "answered", "completed"]);
    expect(form.get("MachineDetection")).toBe("DetectMessageEnd");
    expect(violationsOf(requests)).toEqual([]);
  });

  it("an unanswered call: the lookup in the Calls list before placing it again, and the new call", async () => {
    useTwilioSink(peers.twilio, 100, { timeoutMs: 500 });
    peers.twilio.setMode({ kind: "hang" });
    try {
      const { phone, delivery, requests } = await send("call", { retry: true });
      expect(delivery.status).toBe("sent");
      expect(requests.map((r) => `${r.method} ${r.pathname.split("/").at(-1)}`)).toEqual([
        "POST Calls.json",
        "GET Calls.json",
        "POST Calls.json",
      ]);
      expect(requests[1].query.get("To")).toBe(phone);
      expect(requests[1].query.get("From")).toBe("+15005550006");
      expect(violationsOf(requests)).toEqual([]);
    } finally {
      peers.twilio.setMode({ kind: "accept" });
      useTwilioSink(peers.twilio);
    }
  });

  it("and so is every request this file made", () => {
    const all = peers.twilio.received();
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(violationsOf(all)).toEqual([]);
  });
});

describe("the check reports what Twilio's description refuses", () => {
  const pathname = `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`;
  const post = (form: string[][]) =>
    twilioRequestViolations({
      method: "POST",
      pathname,
      query: new URLSearchParams(),
      form: new URLSearchParams(form),
      contentType: "application/x-www-form-urlencoded",
    });
  const sms = [
    ["To", "+34600000001"],
    ["From", "+15005550006"],
    ["Body", "Hi"],
  ];

  it("takes a well-formed send, several MediaUrl included", () => {
    expect(
      post([...sms, ["MediaUrl", "https://example.com/a.jpg"], ["MediaUrl", "https://example.com/b.jpg"]]),
    ).toEqual([]);
  });

  it("an unknown parameter, a ContentSid off its pattern, a missing To", () => {
    expect(post([...sms, ["Tags", "{}"]])).toEqual(["body: unknown parameter Tags"]);
    expect(post([...sms, ["ContentSid", "HX123"]])).toEqual([
      'body: ContentSid="HX123": shorter than 34',
      'body: ContentSid="HX123": does not match ^HX[0-9a-fA-F]{32}$',
    ]);
    expect(post([...sms, ["ContentSid", `HX${"g".repeat(32)}`]])).toEqual([
      `body: ContentSid="HX${"g".repeat(32)}": does not match ^HX[0-9a-fA-F]{32}$`,
    ]);
    expect(post(sms.filter(([name]) => name !== "To"))).toEqual(["body: missing required To"]);
  });

  it("no sender, no content, a repeated single value, malformed values", () => {
    expect(post([["To", "+34600000001"]])).toEqual([
      "body: none of From, MessagingServiceSid",
      "body: none of Body, MediaUrl, ContentSid",
    ]);
    expect(post([...sms, ["Body", "again"]])).toEqual(["body: Body repeated"]);
    expect(
      post([
        ["To", "34600000001"],
        ["MessagingServiceSid", "MGxyz"],
        ["Body", "Hi"],
        ["StatusCallback", "/api/webhooks/twilio/status"],
        ["ValidityPeriod", "4h"],
        ["SmartEncoded", "yes"],
        ["RiskCheck", "off"],
      ]),
    ).toEqual([
      'body: To="34600000001": not an E.164 number',
      'body: MessagingServiceSid="MGxyz": shorter than 34',
      'body: MessagingServiceSid="MGxyz": does not match ^MG[0-9a-fA-F]{32}$',
      'body: StatusCallback="/api/webhooks/twilio/status": not an absolute URL',
      'body: ValidityPeriod="4h": not an integer',
      'body: SmartEncoded="yes": not true or false',
      'body: RiskCheck="off": not one of enable, disable',
    ]);
  });

  it("a list request off the description, and paths it does not describe", () => {
    const get = (query: string, path = pathname) =>
      twilioRequestViolations({
        method: "GET",
        pathname: path,
        query: new URLSearchParams(query),
        form: new URLSearchParams(),
      });
    expect(get("To=whatsapp%3A%2B34600000001&DateSent%3E=2031-05-01&PageSize=50")).toEqual([]);
    expect(get("DateSent=06%2F11%2F2019&PageSize=0&Status=sent")).toEqual([
      'query: DateSent="06/11/2019": not a YYYY-MM-DD date or ISO date-time',
      'query: PageSize="0": below 1',
      "query: unknown parameter Status",
    ]);
    expect(get("", "/2010-04-01/Accounts/AC123/Messages.json")).toEqual([
      'path: AccountSid="AC123": shorter than 34',
      'path: AccountSid="AC123": does not match ^AC[0-9a-fA-F]{32}$',
    ]);
    expect(get("", "/2010-04-01/Accounts/AC123/Recordings.json")).toEqual([
      "no path of the description matches /2010-04-01/Accounts/AC123/Recordings.json",
    ]);
  });

  it("a create-call request without instructions, or off the description", () => {
    const call = (form: string[][]) =>
      twilioRequestViolations({
        method: "POST",
        pathname: `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Calls.json`,
        query: new URLSearchParams(),
        form: new URLSearchParams(form),
        contentType: "application/x-www-form-urlencoded",
      });
    const valid = [
      ["To", "+34910000001"],
      ["From", "+15005550006"],
      ["Url", `${APP}/api/webhooks/twilio/voice?d=1`],
      ["StatusCallbackEvent", "initiated"],
      ["StatusCallbackEvent", "completed"],
    ];
    expect(call(valid)).toEqual([]);
    expect(call(valid.filter(([name]) => name !== "Url"))).toEqual([
      "body: none of Url, Twiml, ApplicationSid",
    ]);
    expect(
      call([
        ["To", "0034910000001"],
        ["From", "+15005550006"],
        ["Url", "/api/webhooks/twilio/voice"],
        ["StatusCallbackMethod", "PUT"],
        ["Timeout", "30s"],
        ["Timelimit", "300"],
      ]),
    ).toEqual([
      'body: To="0034910000001": not an E.164 number',
      'body: Url="/api/webhooks/twilio/voice": not an absolute URL',
      'body: StatusCallbackMethod="PUT": not one of GET, POST',
      'body: Timeout="30s": not an integer',
      "body: unknown parameter Timelimit",
    ]);
  });
});
