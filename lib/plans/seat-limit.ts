import type { Workspace } from "@/db/schema";
import type { PlanType } from "@/db/schema/enums";

const INCLUDED_SEATS: Record<PlanType, number> = {
  free: 1,
  trial: 3,
  personal: 1,
  starter: 3,
  professional: 10,
  business: 25,
  payg: 3,
};

/** Members a workspace may have: its plan's seats and those bought beside them. */
export function seatLimit(workspace: Pick<Workspace, "planType" | "extraSeats">): number {
  return (INCLUDED_SEATS[workspace.planType as PlanType] ?? 1) + workspace.extraSeats;
}
