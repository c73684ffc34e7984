import "server-only";
import { inArray } from "drizzle-orm";
import { media } from "@/db/schema";
import { db } from "@/lib/db";
import type { MediaDtoSource } from "@/lib/media/to-media-dto";

/** The clips of a set of voice and video reminders, by media id: one query, none for text alone. */
export async function loadReminderClips(ids: string[]): Promise<Map<string, MediaDtoSource>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: media.id,
      kind: media.kind,
      status: media.status,
      filename: media.filename,
      durationMs: media.durationMs,
      failureReason: media.failureReason,
      posterKey: media.posterKey,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(inArray(media.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
