import { eq } from "drizzle-orm";
import { media } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { getStorage } from "@/lib/storage/get-storage";

/** A clip whose upload is done (`file` stored as its source) and whose processing is queued. */
export async function uploadedClip(userId: string, kind: MediaKind, file: string, declaredType?: string) {
  const id = crypto.randomUUID();
  const sourceKey = `media/${id}/source`;
  await getStorage().putFile(sourceKey, file, "application/octet-stream");
  const size = await getStorage().size(sourceKey);
  await db.insert(media).values({
    id,
    workspaceId: userId,
    kind,
    status: "processing",
    filename: "clip",
    declaredType: declaredType ?? (kind === "voice" ? "audio/webm" : "video/webm"),
    sourceKey,
    sourceBytes: size,
    storedBytes: size ?? 0,
  });
  return id;
}

/** A ready clip for reminders to use, with made-up renditions (no processing). */
export async function readyClip(
  userId: string,
  kind: MediaKind,
  status: "ready" | "processing" | "failed" = "ready",
) {
  const id = crypto.randomUUID();
  const ready = status === "ready";
  await db.insert(media).values({
    id,
    workspaceId: userId,
    kind,
    status,
    filename: kind === "voice" ? "wish.webm" : "wish.mp4",
    sourceKey: `media/${id}/source`,
    durationMs: ready ? 12_000 : null,
    playbackKey: ready ? `media/${id}/playback.${kind === "voice" ? "mp3" : "mp4"}` : null,
    posterKey: ready && kind === "video" ? `media/${id}/poster.jpg` : null,
    readyAt: ready ? new Date() : null,
  });
  return id;
}

export async function mediaRow(id: string) {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}
