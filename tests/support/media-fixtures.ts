import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { deliveries, media, type Media } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { getStorage } from "@/lib/storage/get-storage";

/** Recognisable bytes of a given length (byte i is i mod 251), so a range can be checked exactly. */
export function patternBytes(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => i % 251));
}

async function store(key: string, bytes: Buffer, contentType: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "remindful-media-"));
  try {
    const file = path.join(dir, "object");
    await writeFile(file, bytes);
    await getStorage().putFile(key, file, contentType);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface ReadyMediaOptions {
  playback?: Buffer;
  poster?: Buffer;
  /** A separate WhatsApp copy (video), as processing makes when playback.mp4 is over 16 MB. */
  whatsapp?: Buffer;
  /** Overrides the row's playbackBytes (what delivery reads to decide whether it fits WhatsApp). */
  playbackBytes?: number;
  status?: Media["status"];
}

/**
 * A processed clip as processing leaves it: its renditions in the store under
 * `media/<id>/...` and a ready row pointing at them. Delivery never probes, so bytes suffice.
 */
export async function createReadyMedia(userId: string, kind: MediaKind, options: ReadyMediaOptions = {}) {
  const id = randomUUID();
  const playback = options.playback ?? patternBytes(kind === "video" ? 4_000 : 2_000);
  const playbackKey = `media/${id}/${kind === "video" ? "playback.mp4" : "playback.mp3"}`;
  const playbackType = kind === "video" ? "video/mp4" : "audio/mpeg";
  await store(playbackKey, playback, playbackType);
  let posterKey: string | null = null;
  if (kind === "video") {
    posterKey = `media/${id}/poster.jpg`;
    await store(posterKey, options.poster ?? patternBytes(300), "image/jpeg");
  }
  let whatsappKey: string | null = null;
  if (options.whatsapp) {
    whatsappKey = `media/${id}/whatsapp.mp4`;
    await store(whatsappKey, options.whatsapp, "video/mp4");
  }
  const [row] = await db
    .insert(media)
    .values({
      id,
      workspaceId: userId,
      kind,
      status: options.status ?? "ready",
      filename: kind === "video" ? "greeting.webm" : "greeting.ogg",
      declaredType: kind === "video" ? "video/webm" : "audio/webm",
      sourceKey: `media/${id}/source`,
      durationMs: 3_000,
      playbackKey,
      playbackType,
      playbackBytes: options.playbackBytes ?? playback.length,
      posterKey,
      whatsappKey,
      whatsappBytes: options.whatsapp?.length ?? null,
      storedBytes: playback.length,
      readyAt: new Date(),
    })
    .returning();
  return row;
}

/** A contact's reminder's contact (a group reminder has none, and no delivery of its own). */
function contactOf(reminder: { id: string; contactId: string | null }): string {
  if (!reminder.contactId) throw new Error(`reminder ${reminder.id} has no contact`);
  return reminder.contactId;
}

/** A delivery of a reminder as the engine leaves it once sent. */
export async function insertSentDelivery(
  reminder: { id: string; workspaceId: string; contactId: string | null },
  sentAt: Date,
  overrides: Partial<typeof deliveries.$inferInsert> = {},
) {
  const [row] = await db
    .insert(deliveries)
    .values({
      reminderId: reminder.id,
      workspaceId: reminder.workspaceId,
      contactId: contactOf(reminder),
      occurrenceAt: sentAt,
      channel: "email",
      status: "sent",
      sentAt,
      attemptCount: 1,
      ...overrides,
    })
    .returning();
  return row;
}
