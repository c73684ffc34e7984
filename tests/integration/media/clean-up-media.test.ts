import { mkdtempSync } from "node:fs";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The clean-up against the local store (s3rver cannot list or abort multipart uploads).
const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-clean-"));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;

afterAll(async () => {
  const { rm } = await import("node:fs/promises");
  await rm(dataDir, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("media clean-up", () => {
  it("removes abandoned uploads, failed and unused clips, expired objects and orphans, then has nothing left to do", async () => {
    const [{ db }, { media }, { eq }, { getStorage }, { cleanUpMedia }, { createSignedInUser }, fixtures] =
      await Promise.all([
        import("@/lib/db"),
        import("@/db/schema"),
        import("drizzle-orm"),
        import("@/lib/storage/get-storage"),
        import("@/lib/media/clean-up-media"),
        import("../../support/users"),
        import("../../support/reminders"),
      ]);
    const storage = getStorage();
    const root = path.join(dataDir, "uploads");
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const { user } = await createSignedInUser({ planType: "starter" });
    const contact = await fixtures.createContact(user.id);

    /** A clip row with a stored source (and a poster when ready), aged as told. */
    const clip = async (
      values: Partial<typeof media.$inferInsert> & { status: string },
      withObject = true,
    ) => {
      const id = crypto.randomUUID();
      const sourceKey = `media/${id}/source`;
      const ready = values.status === "ready";
      await db.insert(media).values({
        id,
        workspaceId: user.id,
        kind: "video",
        filename: "clip.webm",
        sourceKey,
        storedBytes: withObject ? 4 : 0,
        ...(ready ? { playbackKey: `media/${id}/playback.mp4`, durationMs: 1000 } : {}),
        ...values,
      });
      if (withObject) {
        await mkdir(path.join(root, "media", id), { recursive: true });
        await writeFile(path.join(root, sourceKey), "clip");
        if (ready) await writeFile(path.join(root, "media", id, "playback.mp4"), "mp4");
      }
      return { id, sourceKey };
    };
    const row = async (id: string) => (await db.select().from(media).where(eq(media.id, id)))[0];
    const objects = async (id: string) => {
      const keys = [];
      for await (const entry of storage.listKeys(`media/${id}/`)) keys.push(entry.key);
      return keys;
    };
    const useIn = (mediaId: string, status: string, lastUse: Date) =>
      fixtures.insertReminder(user.id, contact.id, {
        type: "video",
        mediaId,
        status,
        nextRunAt: status === "scheduled" ? new Date(now.getTime() + DAY) : null,
        lastSentAt: status === "sent" ? lastUse : null,
        updatedAt: lastUse,
      });

    // Uploads: one abandoned with a multipart upload under way, one begun an hour ago.
    const abandoned = await clip({ status: "uploading", createdAt: ago(25 * HOUR) }, false);
    const uploadId = await storage.createMultipart(abandoned.sourceKey, "video/webm");
    await db.update(media).set({ uploadId }).where(eq(media.id, abandoned.id));
    const partUrl = new URL(await storage.signPartUrl(abandoned.sourceKey, uploadId, 1, 60));
    expect(partUrl.pathname).toBe(`/api/objects/local/multipart/${uploadId}/1`);
    const recentUpload = await clip({ status: "uploading", createdAt: ago(HOUR) }, false);

    const oldFailure = await clip({
      status: "failed",
      failureReason: "media_not_media",
      updatedAt: ago(2 * DAY),
    });
    const newFailure = await clip({
      status: "failed",
      failureReason: "media_not_media",
      updatedAt: ago(HOUR),
    });
    const unused = await clip({ status: "ready", createdAt: ago(2 * DAY) });
    const justMade = await clip({ status: "ready", createdAt: ago(HOUR) });
    const expired = await clip({ status: "ready", createdAt: ago(200 * DAY) });
    await useIn(expired.id, "sent", ago(121 * DAY));
    await useIn(expired.id, "cancelled", ago(130 * DAY));
    const recentlySent = await clip({ status: "ready", createdAt: ago(200 * DAY) });
    await useIn(recentlySent.id, "sent", ago(30 * DAY));
    const scheduled = await clip({ status: "ready", createdAt: ago(200 * DAY) });
    await useIn(scheduled.id, "sent", ago(150 * DAY));
    await useIn(scheduled.id, "scheduled", ago(150 * DAY));

    // Objects of clips whose rows are gone (an account deleted): old ones go, a new one may still get its row.
    const orphan = `media/${crypto.randomUUID()}/source`;
    await mkdir(path.dirname(path.join(root, orphan)), { recursive: true });
    await writeFile(path.join(root, orphan), "left");
    await utimes(path.join(root, orphan), ago(2 * HOUR), ago(2 * HOUR));
    const young = `media/${crypto.randomUUID()}/source`;
    await mkdir(path.dirname(path.join(root, young)), { recursive: true });
    await writeFile(path.join(root, young), "new");

    const report = await cleanUpMedia(now, 2);
    expect(report).toEqual({ abandoned: 1, failed: 1, unused: 1, expired: 1, orphanObjects: 1, errors: 0 });

    expect(await row(abandoned.id)).toBeUndefined();
    await expect(storage.listParts(abandoned.sourceKey, uploadId)).rejects.toMatchObject({
      code: "upload_not_found",
    });
    expect(await row(recentUpload.id)).toBeDefined();
    expect(await row(oldFailure.id)).toBeUndefined();
    expect(await objects(oldFailure.id)).toEqual([]);
    expect(await row(newFailure.id)).toBeDefined();
    expect(await row(unused.id)).toBeUndefined();
    expect(await objects(unused.id)).toEqual([]);
    expect(await objects(justMade.id)).toHaveLength(2);
    // Past retention: the objects go, the row stays (its reminders name it) as removed.
    expect(await row(expired.id)).toMatchObject({ status: "removed", storedBytes: 0 });
    expect(await objects(expired.id)).toEqual([]);
    expect((await row(recentlySent.id)).status).toBe("ready");
    expect(await objects(recentlySent.id)).toHaveLength(2);
    expect((await row(scheduled.id)).status).toBe("ready");
    expect(await objects(scheduled.id)).toHaveLength(2);
    expect(await storage.size(orphan)).toBeNull();
    expect(await storage.size(young)).toBe(3);

    expect(await cleanUpMedia(now, 2)).toEqual({
      abandoned: 0,
      failed: 0,
      unused: 0,
      expired: 0,
      orphanObjects: 0,
      errors: 0,
    });
  });
});
