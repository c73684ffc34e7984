/** The objects of a clip in the store: its upload and what processing makes from it. */
export type MediaObjectName = "source" | "playback.mp3" | "playback.mp4" | "poster.jpg" | "whatsapp.mp4";

export const mediaObjectKey = (mediaId: string, name: MediaObjectName) => `media/${mediaId}/${name}`;

/** Where a clip's upload is stored: `media/<media id>/source` (MEDIA_KEY_PATTERN). */
export const mediaSourceKey = (mediaId: string) => mediaObjectKey(mediaId, "source");

/** Every object of a clip lives under this prefix. */
export const mediaPrefix = (mediaId: string) => `media/${mediaId}/`;

/** The media id of a clip's source key, or null for any other key. */
export function mediaIdOfSourceKey(key: string): string | null {
  return /^media\/([0-9a-f-]{36})\/source$/.exec(key)?.[1] ?? null;
}

/** The media id of any key under `media/`, or null. */
export function mediaIdOfKey(key: string): string | null {
  return /^media\/([0-9a-f-]{36})\//.exec(key)?.[1] ?? null;
}
