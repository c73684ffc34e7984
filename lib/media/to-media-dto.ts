import "server-only";
import type { Media } from "@/db/schema";
import type { MediaKind, MediaStatus } from "@/db/schema/enums";
import { ownerMediaUrl, type MediaDto } from "./media-dto";

export function toMediaDto(row: Media): MediaDto {
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
