import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { deliveries, media, reminders, type Media } from "@/db/schema";
import { PLAYBACK_LINK_DAYS } from "@/config/media";
import { db } from "@/lib/db";
import { readPlaybackToken } from "./playback-token";

const DAY_MS = 86_400_000;

/** What a valid playback link grants: one delivery's clip. */
export interface PlaybackGrant {
  deliveryId: number;
  workspaceId: string;
  reminderId: string;
  sentAt: Date;
  playedAt: Date | null;
  media: Media;
}

/** When a link sent at `sentAt` stops working. */
export const playbackExpiresAt = (sentAt: Date) => new Date(sentAt.getTime() + PLAYBACK_LINK_DAYS * DAY_MS);

/**
 * The clip a playback token grants, or null (every route answers 404 alike): a token this
 * server did not issue, a delivery not sent, revoked by its owner or sent more than
 * PLAYBACK_LINK_DAYS ago, a text reminder, or a clip not ready (removed, or replaced by one still
 * being processed).
 */
export async function findPlaybackGrant(token: string, now = new Date()): Promise<PlaybackGrant | null> {
  const deliveryId = readPlaybackToken(token);
  if (deliveryId === null) return null;
  const [row] = await db
    .select({
      deliveryId: deliveries.id,
      workspaceId: deliveries.workspaceId,
      reminderId: deliveries.reminderId,
      sentAt: deliveries.sentAt,
      playedAt: deliveries.playedAt,
      media,
    })
    .from(deliveries)
    .innerJoin(reminders, eq(reminders.id, deliveries.reminderId))
    .innerJoin(media, and(eq(media.id, reminders.mediaId), eq(media.workspaceId, deliveries.workspaceId)))
    .where(
      and(
        eq(deliveries.id, deliveryId),
        isNotNull(deliveries.sentAt),
        isNull(deliveries.playbackRevokedAt),
        eq(media.status, "ready"),
      ),
    );
  if (!row?.sentAt || playbackExpiresAt(row.sentAt) <= now) return null;
  return { ...row, sentAt: row.sentAt };
}
