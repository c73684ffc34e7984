import type { Workspace } from "@/db/schema";
import { getPlan } from "./get-plan";

/**
 * How many members a workspace may have, its owner counted: the plan's own seats plus those
 * bought on its subscription (`extra_seats`, written by the billing webhook). Invitations past
 * it are refused (docs/billing.md, Seats).
 */
export function seatLimit(workspace: Pick<Workspace, "planType" | "extraSeats">): number {
  return getPlan(workspace.planType).seats + Math.max(0, workspace.extraSeats);
}
