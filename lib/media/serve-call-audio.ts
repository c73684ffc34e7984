import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { deliveries, media, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { readCallAudioToken } from "./call-audio-token";
import { renditionOf } from "./media-renditions";
import { serveMediaRange } from "./serve-media-range";

/**
 * The MP3 of a voice reminder's call, for whoever holds the call's audio link (Twilio, playing
 * it during the call): only while the link has not expired, only for a call delivery that was
 * placed and whose link the owner did not withdraw, only a ready voice clip. Anything else is a 404.
 */
export async function serveCallAudio(request: Request, token: string): Promise<Response> {
  const deliveryId = readCallAudioToken(token);
  const [row] =
    deliveryId === null
      ? []
      : await db
          .select({ media })
          .from(deliveries)
          .innerJoin(reminders, eq(reminders.id, deliveries.reminderId))
          .innerJoin(media, and(eq(media.id, reminders.mediaId), eq(media.workspaceId, deliveries.workspaceId)))
          .where(
            and(
              eq(deliveries.id, deliveryId),
              eq(deliveries.channel, "call"),
              isNotNull(deliveries.sentAt),
              isNull(deliveries.playbackRevokedAt),
              eq(media.kind, "voice"),
            ),
          );
  const object = row && renditionOf(row.media, "playback");
  if (!object) throw notFound({ code: "media_not_found", message: "Media not found" });
  return serveMediaRange(request, { ...object, cacheControl: "private, max-age=300" });
}
