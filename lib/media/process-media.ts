import "server-only";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { and, eq } from "drizzle-orm";
import { MEDIA_LIMITS } from "@/config/media";
import { media, type Media } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/storage/get-storage";
import { mediaObjectKey, type MediaObjectName } from "./media-keys";
import { MediaRefusal, type MediaFailureCode } from "./media-refusal";
import { renderMedia, type RenderedMedia, type Rendition } from "./render-media";

export type ProcessMediaOutcome = "ready" | "failed" | "skipped";

const RENDITION_NAMES: MediaObjectName[] = ["playback.mp3", "playback.mp4", "poster.jpg", "whatsapp.mp4"];

const processing = (id: string) => and(eq(media.id, id), eq(media.status, "processing"));

async function removeObjects(id: string, names: MediaObjectName[]) {
  const storage = getStorage();
  for (const name of names) {
    try {
      await storage.remove(mediaObjectKey(id, name));
    } catch (error) {
      // Left for the clean-up of unreferenced objects.
      logger.warn("media.remove_failed", {
        mediaId: id,
        name,
        error: error instanceof Error ? error : String(error),
      });
    }
  }
}

/** The upload, checked for size, copied to local disk for the tools. */
async function downloadSource(row: Media, file: string) {
  const storage = getStorage();
  const size = await storage.size(row.sourceKey);
  if (size === null) throw new Error(`media ${row.id}: no object at ${row.sourceKey}`);
  if (size === 0) throw new MediaRefusal("media_not_media");
  if (size > MEDIA_LIMITS[row.kind as MediaKind].maxBytes) throw new MediaRefusal("media_too_large");
  const body = await storage.open(row.sourceKey);
  await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), createWriteStream(file));
  return size;
}

async function markReady(
  row: Media,
  sourceBytes: number,
  rendered: RenderedMedia,
): Promise<ProcessMediaOutcome> {
  const { playback, poster, whatsapp } = rendered;
  const written = [playback, poster, whatsapp].filter((r): r is Rendition => r !== null && r !== "playback");
  const storage = getStorage();
  for (const r of written) await storage.putFile(mediaObjectKey(row.id, r.name), r.file, r.contentType);
  // A retried job may have left a rendition this run did not make (a WhatsApp copy no longer needed).
  const names = new Set(written.map((r) => r.name));
  await removeObjects(
    row.id,
    RENDITION_NAMES.filter((name) => !names.has(name)),
  );

  const whatsappKey =
    whatsapp === "playback"
      ? mediaObjectKey(row.id, playback.name)
      : whatsapp && mediaObjectKey(row.id, whatsapp.name);
  const updated = await db
    .update(media)
    .set({
      status: "ready",
      durationMs: rendered.durationMs,
      playbackKey: mediaObjectKey(row.id, playback.name),
      playbackType: playback.contentType,
      playbackBytes: playback.bytes,
      posterKey: poster && mediaObjectKey(row.id, poster.name),
      whatsappKey,
      whatsappBytes: whatsapp === "playback" ? playback.bytes : (whatsapp?.bytes ?? null),
      storedBytes: sourceBytes + written.reduce((sum, r) => sum + r.bytes, 0),
      failureReason: null,
      readyAt: new Date(),
    })
    .where(processing(row.id))
    .returning({ id: media.id });
  if (updated.length === 0) {
    // Deleted while it was processed: what was just written has no row to count it.
    await removeObjects(row.id, [...names]);
    return "skipped";
  }
  return "ready";
}

async function markFailed(row: Media, code: MediaFailureCode): Promise<ProcessMediaOutcome> {
  const updated = await db
    .update(media)
    .set({
      status: "failed",
      failureReason: code,
      storedBytes: 0,
      playbackKey: null,
      playbackType: null,
      playbackBytes: null,
      posterKey: null,
      whatsappKey: null,
      whatsappBytes: null,
    })
    .where(processing(row.id))
    .returning({ id: media.id });
  // A refused clip keeps no bytes: the user records or picks another one.
  await removeObjects(row.id, ["source", ...RENDITION_NAMES]);
  return updated.length > 0 ? "failed" : "skipped";
}

/**
 * The processing job: probes an uploaded clip by its content and stores its renditions, then
 * sets the row ready (duration, keys, sizes) or failed (a reason the user reads) in one update.
 * Runs again safely: a clip no longer processing is left alone, renditions are overwritten.
 * A refusal is final; any other error is thrown for the job to retry, and marks the clip
 * failed (media_processing_failed) on the `lastAttempt`.
 */
export async function processMedia(
  mediaId: string,
  options: { lastAttempt: boolean },
): Promise<ProcessMediaOutcome> {
  const [row] = await db.select().from(media).where(eq(media.id, mediaId));
  if (!row || row.status !== "processing") return "skipped";
  const started = Date.now();
  const workDir = await mkdtemp(path.join(os.tmpdir(), "remindful-media-"));
  try {
    const source = path.join(workDir, "source");
    const sourceBytes = await downloadSource(row, source);
    const rendered = await renderMedia(source, row.kind as MediaKind, workDir);
    const outcome = await markReady(row, sourceBytes, rendered);
    logger.info("media.processed", {
      mediaId,
      kind: row.kind,
      outcome,
      durationMs: rendered.durationMs,
      tookMs: Date.now() - started,
    });
    return outcome;
  } catch (error) {
    if (error instanceof MediaRefusal) {
      logger.info("media.refused", { mediaId, kind: row.kind, reason: error.code });
      return await markFailed(row, error.code);
    }
    logger.error("media.processing_error", {
      mediaId,
      lastAttempt: options.lastAttempt,
      error: error instanceof Error ? error : String(error),
      stderr: (error as { stderr?: string }).stderr,
    });
    if (!options.lastAttempt) throw error;
    return await markFailed(row, "media_processing_failed");
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
