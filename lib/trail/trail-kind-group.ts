import { TRAIL_KIND_GROUPS, TRAIL_KIND_GROUP_NAMES, type TrailKindGroup } from "@/config/activity-trail";
import type { WorkspaceEventKind } from "@/db/schema/enums";

/** The filter group a kind belongs to (every kind is in one). */
export function trailKindGroup(kind: WorkspaceEventKind): TrailKindGroup {
  return (
    TRAIL_KIND_GROUP_NAMES.find((group) =>
      (TRAIL_KIND_GROUPS[group] as readonly WorkspaceEventKind[]).includes(kind),
    ) ?? "workspace"
  );
}
