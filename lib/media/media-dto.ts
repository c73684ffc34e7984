import type { MediaKind, MediaStatus } from "@/db/schema/enums";

/** A clip as the owner's screens and the API see it. URLs are the owner's (session) routes. */
export interface MediaDto {
  id: string;
  kind: MediaKind;
  status: MediaStatus;
  filename: string;
  durationMs: number | null;
  /** An error code (`errors.<code>`) when processing refused the clip. */
  failureReason: string | null;
  /** Set once ready: the web-playable rendition and, for video, its poster. */
  playbackUrl: string | null;
  posterUrl: string | null;
  createdAt: string;
}

/** Owner routes of a clip's renditions. */
export const ownerMediaUrl = (id: string, rendition: "playback" | "poster") =>
  `/api/media/${id}/${rendition}`;
