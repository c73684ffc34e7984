import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";

// Local storage under a fresh directory, set before any app module reads lib/env.
const dataDir = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/remindful-media-delivery-${process.pid}`;
  delete process.env.S3_BUCKET;
  return process.env.DATA_DIR;
});

import { eq } from "drizzle-orm";
import * as playbackRoute from "@/app/api/play/[token]/playback/route";
import * as posterRoute from "@/app/api/play/[token]/poster/route";
import * as whatsappVideoRoute from "@/app/api/play/[token]/video.mp4/route";
import { deliveries, workspaces } from "@/db/schema";
import { WHATSAPP_VIDEO_MAX_BYTES } from "@/config/media";
import { smsSegments } from "@/lib/channels/sms-segments";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { playbackToken } from "@/lib/media/playback-token";
import { callRoute } from "../../support/call-route";
import { createContact, createReminder, createSender } from "../../support/delivery-fixtures";
import { createReadyMedia, patternBytes } from "../../support/media-fixtures";
import { loopbackPeers } from "../../support/peers";
import type { SunkMail } from "../../support/smtp-sink";
import {
  TEST_WHATSAPP_CONFIRM_TEMPLATES,
  TEST_WHATSAPP_MEDIA_TEMPLATES,
  TEST_WHATSAPP_TEMPLATES,
} from "../../support/twilio-sink";
import { preferencesLine } from "@/tests/support/preferences-line";

const peers = loopbackPeers();

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const APP = "http://localhost:3000";
const consent = { whatsappConsentAt: new Date("2031-01-01T00:00:00Z"), whatsappConsentSource: "in_person" };
let phoneSeq = 0;
const nextPhone = () => `+3460000${String(3000 + phoneSeq++)}`;

/** The message as written: quoted-printable soft breaks and escapes undone. */
function textOf(mail: SunkMail): string {
  const unfolded = mail.raw.replace(/=\r?\n/g, "");
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

async function deliveryOf(reminderId: string) {
  return (await db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId)))[0];
}

/** A voice or video reminder due at `at`, sent by one batch; its delivery row and token after. */
async function deliver(
  kind: "voice" | "video",
  channel: "email" | "sms" | "whatsapp",
  at: string,
  options: {
    media?: Parameters<typeof createReadyMedia>[2];
    contact?: object;
    reminder?: object;
    locale?: string;
  } = {},
) {
  const user = await createSender({ locale: options.locale ?? "en" });
  const phone = nextPhone();
  const contact = await createContact(user.id, { phone, ...consent, ...options.contact });
  const clip = await createReadyMedia(user.id, kind, options.media);
  const reminder = await createReminder(user.id, contact.id, new Date(at), {
    type: kind,
    mediaId: clip.id,
    deliveryMethod: channel,
    message: "Happy birthday, Ben!",
    ...options.reminder,
  });
  await runBatch({ workerId: "w", clock: () => new Date(at) });
  const delivery = await deliveryOf(reminder.id);
  return { user, contact, phone, clip, delivery, token: playbackToken(delivery.id) };
}

const get = (handler: Parameters<typeof callRoute>[0], token: string) =>
  callRoute(handler, `/api/play/${token}`, { params: { token } });

describe("a video reminder by e-mail", () => {
  it("carries the poster and a Play link to this delivery's page, no attachment, and the link in the text part", async () => {
    const { contact, delivery, token } = await deliver("video", "email", "2031-05-01T09:00:00Z");
    expect(delivery.status).toBe("sent");
    const mail = peers.smtp.messages.find((m) => m.to.includes(contact.email!))!;
    const text = textOf(mail);
    expect(text).toContain(`<img src="${APP}/api/play/${token}/poster"`);
    expect(text).toContain(`<a href="${APP}/play/${token}"`);
    expect(text).toContain("Play the video");
    expect(text).toContain(`Watch: ${APP}/play/${token}`);
    expect(text).toContain("Happy birthday, Ben!");
    expect(mail.raw).not.toMatch(/Content-Disposition: attachment/i);
    expect(mail.raw).not.toContain("video/mp4");
    // The links it carries work.
    expect((await get(posterRoute.GET, token)).status).toBe(200);
    expect((await get(playbackRoute.GET, token)).status).toBe(200);
  });

  it("a voice reminder carries the Play button without a poster, in the recipient's language", async () => {
    const { contact, token } = await deliver("voice", "email", "2031-05-02T09:00:00Z", {
      contact: { locale: "fr" },
    });
    const mail = peers.smtp.messages.find((m) => m.to.includes(contact.email!))!;
    const text = textOf(mail);
    expect(text).toContain("Écouter le message vocal");
    expect(text).toContain(`Écouter : ${APP}/play/${token}`);
    expect(text).not.toContain("/poster");
  });
});

describe("a voice reminder by SMS", () => {
  it("carries the link within its segments, before the STOP line", async () => {
    const { phone, delivery, token } = await deliver("voice", "sms", "2031-05-03T12:00:00Z");
    expect(delivery.status).toBe("sent");
    const [sms] = peers.twilio.messages.filter((m) => m.to === phone);
    expect(sms.body).toBe(
      `Remindful, from Ana Pérez: Happy birthday, Ben!\nListen: ${APP}/play/${token}\nReply STOP to opt out.`,
    );
    expect(smsSegments(sms.body)).toBe(1);
    expect((await get(playbackRoute.GET, token)).status).toBe(200);
  });
});

describe("WhatsApp", () => {
  it("sends a video that fits through the media template, its {{3}} the video's path", async () => {
    const { phone, delivery, token } = await deliver("video", "whatsapp", "2031-05-04T12:00:00Z");
    expect(delivery.status).toBe("sent");
    const [sent] = peers.twilio.messages.filter((m) => m.to === `whatsapp:${phone}`);
    expect(sent.contentSid).toBe(TEST_WHATSAPP_MEDIA_TEMPLATES.en.sid);
    expect(sent.contentVariables).toEqual({
      "1": "Ana Pérez",
      "2": `Happy birthday, Ben! ${preferencesLine("en", delivery.id)}`,
      "3": `${token}/video.mp4`,
    });
    expect(sent.status).toBe("queued");
    expect(sent.mediaUrl).toBe(`${APP}/api/play/${token}/video.mp4`);
    const video = await get(whatsappVideoRoute.GET, token);
    expect(video.status).toBe(200);
    expect(video.headers.get("content-type")).toBe("video/mp4");
  });

  it("uses the smaller WhatsApp copy when processing made one, in the recipient's language", async () => {
    const copy = patternBytes(1_234);
    const { phone, token } = await deliver("video", "whatsapp", "2031-05-05T12:00:00Z", {
      media: { whatsapp: copy, playbackBytes: WHATSAPP_VIDEO_MAX_BYTES + 1 },
      contact: { locale: "es" },
    });
    const [sent] = peers.twilio.messages.filter((m) => m.to === `whatsapp:${phone}`);
    expect(sent.contentSid).toBe(TEST_WHATSAPP_MEDIA_TEMPLATES.es.sid);
    const video = await get(whatsappVideoRoute.GET, token);
    expect(video.headers.get("content-length")).toBe("1234");
  });

  it("sends a video too large for WhatsApp as the text template with the link in its message", async () => {
    const { phone, token, delivery } = await deliver("video", "whatsapp", "2031-05-06T12:00:00Z", {
      media: { playbackBytes: WHATSAPP_VIDEO_MAX_BYTES + 1 },
    });
    const [sent] = peers.twilio.messages.filter((m) => m.to === `whatsapp:${phone}`);
    expect(sent.contentSid).toBe(TEST_WHATSAPP_TEMPLATES.en.sid);
    expect(sent.contentVariables).toEqual({
      "1": "Ana Pérez",
      "2": `Happy birthday, Ben! Watch: ${APP}/play/${token} ${preferencesLine("en", delivery.id)}`,
    });
    expect(sent.mediaUrl).toBeUndefined();
    expect((await get(whatsappVideoRoute.GET, token)).status).toBe(404);
  });

  it("sends a voice clip as the text template with the link (a template header carries no audio)", async () => {
    const { phone, token, delivery } = await deliver("voice", "whatsapp", "2031-05-07T12:00:00Z");
    const [sent] = peers.twilio.messages.filter((m) => m.to === `whatsapp:${phone}`);
    expect(sent.contentSid).toBe(TEST_WHATSAPP_TEMPLATES.en.sid);
    expect(sent.contentVariables?.["2"]).toBe(
      `Happy birthday, Ben! Listen: ${APP}/play/${token} ${preferencesLine("en", delivery.id)}`,
    );
  });

  it("asks for a reply through the quick-reply template, with the link, rather than the media template", async () => {
    const { phone, delivery, token } = await deliver("video", "whatsapp", "2031-05-08T12:00:00Z", {
      reminder: { askConfirmation: true },
    });
    const [sent] = peers.twilio.messages.filter((m) => m.to === `whatsapp:${phone}`);
    expect(sent.contentSid).toBe(TEST_WHATSAPP_CONFIRM_TEMPLATES.en.sid);
    expect(sent.contentVariables?.["2"]).toBe(
      `Happy birthday, Ben! Watch: ${APP}/play/${token} ${preferencesLine("en", delivery.id)}`,
    );
    expect(delivery.confirmation).toBe("awaiting");
  });
});

describe("a clip that is not ready", () => {
  it("is refused with media_not_ready on every channel: nothing sent, nothing charged", async () => {
    for (const [channel, at] of [
      ["email", "2031-05-09T12:00:00Z"],
      ["sms", "2031-05-10T12:00:00Z"],
      ["whatsapp", "2031-05-11T12:00:00Z"],
    ] as const) {
      const before = peers.twilio.messages.length + peers.smtp.messages.length;
      const { user, delivery } = await deliver("video", channel, at, { media: { status: "processing" } });
      expect(delivery.status, channel).toBe("failed");
      expect(delivery.errorCode, channel).toBe("media_not_ready");
      expect(delivery.sentAt).toBeNull();
      expect(peers.twilio.messages.length + peers.smtp.messages.length).toBe(before);
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, user.id));
      expect(row.remindersUsedCurrentPeriod, channel).toBe(0);
    }
  });
});
