import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Local storage under a fresh directory, set before any app module reads lib/env.
const dataDir = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/remindful-playback-${process.pid}`;
  delete process.env.S3_BUCKET;
  return process.env.DATA_DIR;
});

import { eq } from "drizzle-orm";
import * as ownerPlaybackRoute from "@/app/api/media/[id]/playback/route";
import * as ownerPosterRoute from "@/app/api/media/[id]/poster/route";
import * as playbackRoute from "@/app/api/play/[token]/playback/route";
import * as playedRoute from "@/app/api/play/[token]/played/route";
import * as posterRoute from "@/app/api/play/[token]/poster/route";
import * as whatsappVideoRoute from "@/app/api/play/[token]/video.mp4/route";
import * as revokeRoute from "@/app/api/deliveries/[id]/revoke-playback/route";
import { deliveries, media, reminders } from "@/db/schema";
import { PLAYBACK_LINK_DAYS } from "@/config/media";
import { db } from "@/lib/db";
import { playbackToken } from "@/lib/media/playback-token";
import { callRoute } from "../../support/call-route";
import { createContact, createReminder } from "../../support/delivery-fixtures";
import { createReadyMedia, insertSentDelivery, patternBytes } from "../../support/media-fixtures";
import { createSignedInUser } from "../../support/users";

type Handler = Parameters<typeof callRoute>[0];
const DAY = 86_400_000;

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface Fixture {
  owner: Awaited<ReturnType<typeof createSignedInUser>>;
  stranger: Awaited<ReturnType<typeof createSignedInUser>>;
  video: Awaited<ReturnType<typeof createReadyMedia>>;
  voice: Awaited<ReturnType<typeof createReadyMedia>>;
  videoDelivery: number;
  voiceDelivery: number;
  contactId: string;
}
let f: Fixture;

async function mediaReminder(userId: string, contactId: string, kind: "voice" | "video", mediaId: string) {
  return createReminder(userId, contactId, new Date(Date.now() - DAY), {
    type: kind,
    mediaId,
    status: "sent",
    message: "Happy birthday!",
  });
}

beforeAll(async () => {
  const owner = await createSignedInUser();
  const stranger = await createSignedInUser();
  const contact = await createContact(owner.user.id);
  const video = await createReadyMedia(owner.user.id, "video", { playback: patternBytes(5_000) });
  const voice = await createReadyMedia(owner.user.id, "voice");
  const videoReminder = await mediaReminder(owner.user.id, contact.id, "video", video.id);
  const voiceReminder = await mediaReminder(owner.user.id, contact.id, "voice", voice.id);
  const sentAt = new Date(Date.now() - DAY);
  f = {
    owner,
    stranger,
    video,
    voice,
    contactId: contact.id,
    videoDelivery: (await insertSentDelivery(videoReminder, sentAt)).id,
    voiceDelivery: (await insertSentDelivery(voiceReminder, sentAt)).id,
  };
});

const play = (handler: Handler, token: string, headers: Record<string, string> = {}, method = "GET") =>
  callRoute(handler, `/api/play/${token}`, { params: { token }, headers, method });

async function bytesOf(handler: Handler, token: string, range: string) {
  const { NextRequest } = await import("next/server");
  const request = new NextRequest(`http://localhost:3000/api/play/${token}`, { headers: { range } });
  const response = await handler(request, { params: Promise.resolve({ token }) });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("recipient playback routes", () => {
  it("serve the whole clip with its type and Accept-Ranges", async () => {
    const token = playbackToken(f.videoDelivery);
    const res = await play(playbackRoute.GET, token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe("5000");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const voice = await play(playbackRoute.GET, playbackToken(f.voiceDelivery));
    expect(voice.status).toBe(200);
    expect(voice.headers.get("content-type")).toBe("audio/mpeg");
  });

  it("answer a range with 206, Content-Range and exactly those bytes", async () => {
    const token = playbackToken(f.videoDelivery);
    const whole = patternBytes(5_000);
    for (const [range, start, end] of [
      ["bytes=10-19", 10, 19],
      ["bytes=4990-", 4990, 4999],
      ["bytes=-5", 4995, 4999],
      ["bytes=4000-99999", 4000, 4999],
    ] as const) {
      const { response, bytes } = await bytesOf(playbackRoute.GET, token, range);
      expect(response.status, range).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/5000`);
      expect(response.headers.get("content-length")).toBe(String(end - start + 1));
      expect(bytes.equals(whole.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it("answer 416 with the size for a range past the end or malformed", async () => {
    const token = playbackToken(f.videoDelivery);
    for (const range of ["bytes=5000-", "bytes=20-10", "bytes=abc", "bytes=-0"]) {
      const res = await play(playbackRoute.GET, token, { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get("content-range")).toBe("bytes */5000");
    }
  });

  it("serve the poster of a video and the WhatsApp video; a voice clip has neither", async () => {
    const poster = await play(posterRoute.GET, playbackToken(f.videoDelivery));
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const whatsapp = await play(whatsappVideoRoute.GET, playbackToken(f.videoDelivery));
    expect(whatsapp.status).toBe(200);
    expect(whatsapp.headers.get("content-type")).toBe("video/mp4");
    expect((await play(posterRoute.GET, playbackToken(f.voiceDelivery))).status).toBe(404);
    expect((await play(whatsappVideoRoute.GET, playbackToken(f.voiceDelivery))).status).toBe(404);
  });

  it("answer 404 to an altered token, another delivery's MAC, or any other text", async () => {
    const token = playbackToken(f.videoDelivery);
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const mixed = token.slice(0, 11) + playbackToken(f.voiceDelivery).slice(11);
    for (const bad of [altered, mixed, "not-a-token", "x".repeat(33)]) {
      expect((await play(playbackRoute.GET, bad)).status, bad).toBe(404);
      expect((await play(posterRoute.GET, bad)).status, bad).toBe(404);
      expect(
        (await callRoute(playedRoute.POST, "/", { method: "POST", params: { token: bad } })).status,
      ).toBe(404);
    }
  });

  it("answer 404 once the link expired, and not a day before", async () => {
    const reminder = await mediaReminder(f.owner.user.id, f.contactId, "video", f.video.id);
    const old = await insertSentDelivery(reminder, new Date(Date.now() - (PLAYBACK_LINK_DAYS + 1) * DAY));
    expect((await play(playbackRoute.GET, playbackToken(old.id))).status).toBe(404);
    const other = await mediaReminder(f.owner.user.id, f.contactId, "video", f.video.id);
    const recent = await insertSentDelivery(other, new Date(Date.now() - (PLAYBACK_LINK_DAYS - 1) * DAY));
    expect((await play(playbackRoute.GET, playbackToken(recent.id))).status).toBe(200);
  });

  it("answer 404 for a text delivery, one not sent yet, and a removed clip", async () => {
    const text = await createReminder(f.owner.user.id, f.contactId, new Date(), { status: "sent" });
    const textDelivery = await insertSentDelivery(text, new Date());
    expect((await play(playbackRoute.GET, playbackToken(textDelivery.id))).status).toBe(404);

    const queuedReminder = await mediaReminder(f.owner.user.id, f.contactId, "voice", f.voice.id);
    const queued = await insertSentDelivery(queuedReminder, new Date(), { status: "queued", sentAt: null });
    expect((await play(playbackRoute.GET, playbackToken(queued.id))).status).toBe(404);

    const removedClip = await createReadyMedia(f.owner.user.id, "voice");
    const removedReminder = await mediaReminder(f.owner.user.id, f.contactId, "voice", removedClip.id);
    const removed = await insertSentDelivery(removedReminder, new Date());
    expect((await play(playbackRoute.GET, playbackToken(removed.id))).status).toBe(200);
    await db.update(media).set({ status: "removed" }).where(eq(media.id, removedClip.id));
    expect((await play(playbackRoute.GET, playbackToken(removed.id))).status).toBe(404);
  });
});

describe("played", () => {
  it("records the first play once; a replay changes nothing", async () => {
    const token = playbackToken(f.voiceDelivery);
    const first = await callRoute(playedRoute.POST, "/", { method: "POST", params: { token } });
    expect(first.status).toBe(204);
    const [after] = await db.select().from(deliveries).where(eq(deliveries.id, f.voiceDelivery));
    expect(after.playedAt).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await callRoute(playedRoute.POST, "/", { method: "POST", params: { token } });
    expect(again.status).toBe(204);
    const [later] = await db.select().from(deliveries).where(eq(deliveries.id, f.voiceDelivery));
    expect(later.playedAt?.getTime()).toBe(after.playedAt?.getTime());
  });
});

describe("revoking a link", () => {
  it("answers 404 to another user and leaves the link working", async () => {
    const id = String(f.videoDelivery);
    const res = await callRoute(revokeRoute.POST, "/", {
      method: "POST",
      params: { id },
      cookie: f.stranger.cookie,
    });
    expect(res.status).toBe(404);
    expect((await play(playbackRoute.GET, playbackToken(f.videoDelivery))).status).toBe(200);
  });

  it("makes the page's files and the played call answer 404", async () => {
    const reminder = await mediaReminder(f.owner.user.id, f.contactId, "video", f.video.id);
    const delivery = await insertSentDelivery(reminder, new Date());
    const token = playbackToken(delivery.id);
    expect((await play(playbackRoute.GET, token)).status).toBe(200);
    const res = await callRoute(revokeRoute.POST, "/", {
      method: "POST",
      params: { id: String(delivery.id) },
      cookie: f.owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(typeof (res.json as { playbackRevokedAt: string }).playbackRevokedAt).toBe("string");
    expect((await play(playbackRoute.GET, token)).status).toBe(404);
    expect((await play(posterRoute.GET, token)).status).toBe(404);
    expect((await callRoute(playedRoute.POST, "/", { method: "POST", params: { token } })).status).toBe(404);
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row.playedAt).toBeNull();
  });
});

describe("owner preview routes", () => {
  it("serve the owner's clip with ranges; another user's is a 404, no session a 401", async () => {
    const params = { id: f.video.id };
    const whole = await callRoute(ownerPlaybackRoute.GET, "/", { params, cookie: f.owner.cookie });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const part = await callRoute(ownerPlaybackRoute.GET, "/", {
      params,
      cookie: f.owner.cookie,
      headers: { range: "bytes=0-99" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 0-99/5000");
    expect((await callRoute(ownerPosterRoute.GET, "/", { params, cookie: f.owner.cookie })).status).toBe(200);
    expect((await callRoute(ownerPlaybackRoute.GET, "/", { params, cookie: f.stranger.cookie })).status).toBe(
      404,
    );
    expect((await callRoute(ownerPosterRoute.GET, "/", { params, cookie: f.stranger.cookie })).status).toBe(
      404,
    );
    expect((await callRoute(ownerPlaybackRoute.GET, "/", { params })).status).toBe(401);
  });
});

describe("the playback page's content", () => {
  it("is in the contact's language, else the sender's, with the message's fields filled", async () => {
    const { findPlaybackPage } = await import("@/lib/inbound/find-playback-page");
    const { preferencesUrl } = await import("@/lib/messages/render-message");
    const spanish = await createContact(f.owner.user.id, { name: "Lucía Gómez", locale: "es" });
    const reminder = await mediaReminder(f.owner.user.id, spanish.id, "video", f.video.id);
    await db
      .update(reminders)
      .set({ message: "¡Feliz día, {first_name}!" })
      .where(eq(reminders.id, reminder.id));
    const delivery = await insertSentDelivery({ ...reminder, contactId: spanish.id }, new Date());
    const page = await findPlaybackPage(playbackToken(delivery.id));
    expect(page).toMatchObject({
      kind: "video",
      locale: "es",
      message: "¡Feliz día, Lucía!",
      hasPoster: true,
      // The same delivery's preferences page, for the link under the player.
      preferencesUrl: preferencesUrl(delivery.id),
    });

    const plain = await mediaReminder(f.owner.user.id, f.contactId, "voice", f.voice.id);
    const voiceDelivery = await insertSentDelivery(plain, new Date());
    expect(await findPlaybackPage(playbackToken(voiceDelivery.id))).toMatchObject({
      kind: "voice",
      locale: "en",
      hasPoster: false,
      playbackType: "audio/mpeg",
    });
    const token = playbackToken(voiceDelivery.id);
    expect(await findPlaybackPage(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
  });
});

describe("Played in the delivery log and the export", () => {
  it("the reminder's history and the activity log show playedAt once played; the export lists the clips and playedAt", async () => {
    const { GET: historyGet } = await import("@/app/api/reminders/[id]/deliveries/route");
    const { GET: activityGet } = await import("@/app/api/deliveries/route");
    const { GET: exportGet } = await import("@/app/api/account/export/route");
    const reminder = await mediaReminder(f.owner.user.id, f.contactId, "video", f.video.id);
    const delivery = await insertSentDelivery(reminder, new Date());
    type Page = { id: number; playedAt: string | null; playback: string | null }[];
    const history = async () =>
      (await callRoute<Page>(historyGet, "/", { params: { id: reminder.id }, cookie: f.owner.cookie })).json;
    expect((await history()).find((d) => d.id === delivery.id)).toMatchObject({
      playedAt: null,
      playback: "active",
    });
    const token = playbackToken(delivery.id);
    expect((await callRoute(playedRoute.POST, "/", { method: "POST", params: { token } })).status).toBe(204);
    const playedAt = (await history()).find((d) => d.id === delivery.id)?.playedAt;
    expect(playedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const activity = (await callRoute<Page>(activityGet, "/", { cookie: f.owner.cookie })).json;
    expect(activity.find((d) => d.id === delivery.id)?.playedAt).toBe(playedAt);
    await callRoute(revokeRoute.POST, "/", {
      method: "POST",
      params: { id: String(delivery.id) },
      cookie: f.owner.cookie,
    });
    expect((await history()).find((d) => d.id === delivery.id)?.playback).toBe("revoked");

    const exported = await callRoute<{
      media: { id: string; kind: string; playbackUrl: string | null; posterUrl: string | null }[];
      deliveries: { id: number; playedAt: string | null }[];
    }>(exportGet, "/api/account/export", { cookie: f.owner.cookie });
    expect(exported.status).toBe(200);
    const clip = exported.json.media.find((m) => m.id === f.video.id);
    expect(clip).toMatchObject({
      kind: "video",
      playbackUrl: `http://localhost:3000/api/media/${f.video.id}/playback`,
      posterUrl: `http://localhost:3000/api/media/${f.video.id}/poster`,
    });
    expect(exported.json.deliveries.find((d) => d.id === delivery.id)?.playedAt).toBe(playedAt);
    const strangers = await callRoute<{ media: unknown[] }>(exportGet, "/api/account/export", {
      cookie: f.stranger.cookie,
    });
    expect(strangers.json.media).toEqual([]);
  });
});
