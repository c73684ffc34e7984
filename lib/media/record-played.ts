import "server-only";
import { notFound } from "@/lib/errors/domain-error";
import { findPlaybackGrant } from "./find-playback-grant";
import { recordFirstPlay } from "./record-first-play";

/** POST /api/play/{token}/played: the first play of a valid link is recorded, later ones change nothing. */
export async function recordPlayed(token: string, now = new Date()): Promise<undefined> {
  const grant = await findPlaybackGrant(token, now);
  if (!grant) throw notFound({ code: "media_not_found", message: "Media not found" });
  if (!grant.playedAt) await recordFirstPlay(grant.deliveryId, now);
  return undefined;
}
