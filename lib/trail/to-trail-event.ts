import "server-only";
import type { WorkspaceEventKind } from "@/db/schema/enums";
import type { TrailEvent } from "./trail-entry";
import type { trailPageQuery } from "./trail-page-query";

type TrailRow = Awaited<ReturnType<typeof trailPageQuery>>[number];

/** A row of trailPageQuery as the trail reads it. */
export function toTrailEvent(row: TrailRow): TrailEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: row.kind as WorkspaceEventKind,
    actorId: row.actorId,
    actorName: row.actorName,
    apiKey: row.apiKeyId ? (row.apiKeyName ?? "") : null,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    details: row.details,
  };
}
