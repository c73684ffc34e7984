import "server-only";
import { seatLimit } from "@/lib/plans/seat-limit";
import type { Actor } from "@/lib/workspaces/actor";
import { seatsTaken } from "./seats-taken";
import { db } from "@/lib/db";

/** GET /api/workspace: the workspace the person acts in, their role, and its seats. */
export async function workspaceSummary({ workspace, role }: Actor, now = new Date()) {
  const taken = await seatsTaken(db, workspace.id, now);
  return {
    id: workspace.id,
    name: workspace.name,
    senderIdentity: workspace.senderIdentity,
    role,
    seats: { limit: seatLimit(workspace), members: taken.members, invited: taken.invited },
  };
}
