import "server-only";
import type { Media } from "@/db/schema";
import type { MediaKind, MediaStatus } from "@/db/schema/enums";
import { ownerMediaUrl, type MediaDto } from "./media-dto";

/** The columns the owner's view is made of (a list reads only these). */
export type MediaDtoSource = Pick<
  Media,
  "id" | "kind" | "status" | "filename" | "durationMs" | "failureReason" | "posterKey" | "createdAt"
>;

export function toMediaDto(row: MediaDtoSource): MediaDto {
  const ready = row.status === "ready";
  return {
    id: row.id,
    kind: row.kind as MediaKind,
    status: row.status as MediaStatus,
    filename: row.filename,
    durationMs: row.durationMs,
    failureReason: row.failureReason,
    playbackUrl: ready ? ownerMediaUrl(row.id, "playback") : null,
    posterUrl: ready && row.posterKey ? ownerMediaUrl(row.id, "poster") : null,
    createdAt: row.createdAt.toISOString(),
  };
}
