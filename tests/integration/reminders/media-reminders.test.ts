import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/reminders/route";
import { PUT } from "@/app/api/reminders/[id]/route";
import { reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { readyClip } from "../../support/media-rows";
import { createContact, insertReminder, localInDays } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

const rowsOf = (userId: string) => db.select().from(reminders).where(eq(reminders.workspaceId, userId));

const post = (cookie: string, body: unknown) =>
  callRoute(POST, "/api/reminders", { method: "POST", cookie, body });

const put = (cookie: string, id: string, body: unknown) =>
  callRoute(PUT, `/api/reminders/${id}`, { method: "PUT", cookie, params: { id }, body });

const body = (contactId: string, values: Record<string, unknown>) => ({
  contactId,
  type: "voice",
  deliveryMethod: "email",
  scheduleType: "once",
  scheduledFor: localInDays(3),
  ...values,
});

describe("voice and video reminders", () => {
  it("creates a voice reminder on its ready recording, with an optional message, and shows the clip", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "personal" });
    const contact = await createContact(user.id);
    const mediaId = await readyClip(user.id, "voice");
    const res = await post(cookie, body(contact.id, { mediaId, message: null }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      type: "voice",
      message: null,
      media: {
        id: mediaId,
        kind: "voice",
        status: "ready",
        durationMs: 12_000,
        failureReason: null,
        playbackUrl: `/api/media/${mediaId}/playback`,
        posterUrl: null,
      },
    });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ type: "voice", mediaId, message: null });
  });

  it("creates a video reminder with words said with the clip, and lists it with its clip", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "business", subscriptionStatus: "active" });
    const contact = await createContact(user.id);
    const mediaId = await readyClip(user.id, "video");
    const res = await post(
      cookie,
      body(contact.id, {
        type: "video",
        mediaId,
        message: "  Happy birthday, {name}!  ",
        deliveryMethod: "whatsapp",
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      type: "video",
      message: "Happy birthday, {name}!",
      media: { id: mediaId, kind: "video", posterUrl: `/api/media/${mediaId}/poster` },
    });
    await insertReminder(user.id, contact.id);
    const list = await callRoute<Record<string, unknown>[]>(GET, "/api/reminders", { cookie });
    expect(list.status).toBe(200);
    const byType = Object.fromEntries(list.json.map((item) => [item.type, item]));
    expect(byType.video).toMatchObject({ media: { id: mediaId, kind: "video", status: "ready" } });
    expect(byType.text).toMatchObject({ media: null });
  });

  it.each<
    [string, (own: { userId: string; otherId: string }) => Promise<Record<string, unknown>>, number, string]
  >([
    [
      "another user's recording",
      async ({ otherId }) => ({ mediaId: await readyClip(otherId, "voice") }),
      404,
      "media_not_found",
    ],
    ["an unknown recording", async () => ({ mediaId: UNKNOWN }), 404, "media_not_found"],
    [
      "a recording still processing",
      async ({ userId }) => ({ mediaId: await readyClip(userId, "voice", "processing") }),
      409,
      "media_not_ready",
    ],
    [
      "a video recording on a voice reminder",
      async ({ userId }) => ({ mediaId: await readyClip(userId, "video") }),
      400,
      "media_kind_mismatch",
    ],
    [
      "a voice recording on a video reminder",
      async ({ userId }) => ({ type: "video", mediaId: await readyClip(userId, "voice") }),
      400,
      "media_kind_mismatch",
    ],
  ])("refuses %s and writes nothing", async (_label, values, status, code) => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const contact = await createContact(user.id);
    const res = await post(
      cookie,
      body(contact.id, await values({ userId: user.id, otherId: other.user.id })),
    );
    expect(res.json.code).toBe(code);
    expect(res.status).toBe(status);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("refuses a recording whose processing failed, with the reason it failed", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const mediaId = await readyClip(user.id, "video", "failed");
    const { media } = await import("@/db/schema");
    await db.update(media).set({ failureReason: "media_too_long" }).where(eq(media.id, mediaId));
    const res = await post(cookie, body(contact.id, { type: "video", mediaId }));
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("media_too_long");
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("refuses the type where the plan does not offer it: free has neither, personal has voice only", async () => {
    const free = await createSignedInUser({ planType: "free", remindersQuota: 10 });
    const freeContact = await createContact(free.user.id);
    const freeVoice = await post(
      free.cookie,
      body(freeContact.id, { mediaId: await readyClip(free.user.id, "voice") }),
    );
    expect(freeVoice.status).toBe(403);
    expect(freeVoice.json.code).toBe("media_kind_not_in_plan");

    const personal = await createSignedInUser({ planType: "personal", subscriptionStatus: "active" });
    const contact = await createContact(personal.user.id);
    const video = await post(
      personal.cookie,
      body(contact.id, { type: "video", mediaId: await readyClip(personal.user.id, "video") }),
    );
    expect(video.status).toBe(403);
    expect(video.json.code).toBe("media_kind_not_in_plan");
    expect(await rowsOf(personal.user.id)).toEqual([]);
  });

  it("an edit switches a text reminder to video and back, the recording following the type", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const row = await insertReminder(user.id, contact.id);
    const mediaId = await readyClip(user.id, "video");

    const toVideo = await put(cookie, row.id, body(contact.id, { type: "video", mediaId, message: "" }));
    expect(toVideo.status).toBe(200);
    expect(toVideo.json).toMatchObject({ type: "video", message: null, media: { id: mediaId } });

    const mismatch = await put(cookie, row.id, body(contact.id, { type: "voice", mediaId }));
    expect(mismatch.json.code).toBe("media_kind_mismatch");
    const theirs = await readyClip((await createSignedInUser()).user.id, "video");
    const foreign = await put(cookie, row.id, body(contact.id, { type: "video", mediaId: theirs }));
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("media_not_found");
    const [kept] = await rowsOf(user.id);
    expect(kept).toMatchObject({ type: "video", mediaId });

    const toText = await put(cookie, row.id, body(contact.id, { type: "text", message: "Call me" }));
    expect(toText.status).toBe(200);
    expect(toText.json).toMatchObject({ type: "text", message: "Call me", media: null });
    const [saved] = await rowsOf(user.id);
    expect(saved).toMatchObject({ type: "text", mediaId: null, message: "Call me" });
  });
});
