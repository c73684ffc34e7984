import type { Media } from "@/db/schema";
import { WHATSAPP_VIDEO_MAX_BYTES } from "@/config/media";

/** The renditions the playback routes serve: the player's file, its poster, WhatsApp's video. */
export type Rendition = "playback" | "poster" | "whatsapp";

/**
 * The video WhatsApp gets (at most WHATSAPP_VIDEO_MAX_BYTES): the smaller copy processing made
 * when playback.mp4 was too large, else playback.mp4 itself when it fits; null for voice (a
 * template header carries an image, a video or a document, never audio) or a video too large.
 */
export function whatsappVideoKey(
  media: Pick<Media, "kind" | "whatsappKey" | "whatsappBytes" | "playbackKey" | "playbackBytes">,
): string | null {
  if (media.kind !== "video") return null;
  if (media.whatsappKey && (media.whatsappBytes ?? 0) <= WHATSAPP_VIDEO_MAX_BYTES) return media.whatsappKey;
  if (
    media.playbackKey?.endsWith(".mp4") &&
    media.playbackBytes !== null &&
    media.playbackBytes <= WHATSAPP_VIDEO_MAX_BYTES
  ) {
    return media.playbackKey;
  }
  return null;
}

/** The stored object and its type for a rendition of a ready clip; null when it has none. */
export function renditionOf(media: Media, rendition: Rendition): { key: string; contentType: string } | null {
  if (media.status !== "ready") return null;
  if (rendition === "poster")
    return media.posterKey ? { key: media.posterKey, contentType: "image/jpeg" } : null;
  if (rendition === "whatsapp") {
    const key = whatsappVideoKey(media);
    return key ? { key, contentType: "video/mp4" } : null;
  }
  if (!media.playbackKey) return null;
  const fallback = media.kind === "video" ? "video/mp4" : "audio/mpeg";
  return { key: media.playbackKey, contentType: media.playbackType ?? fallback };
}
