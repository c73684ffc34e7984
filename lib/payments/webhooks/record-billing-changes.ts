import "server-only";
import type { Workspace } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";

type BillingState = Pick<Workspace, "planType" | "extraSeats"> & Partial<Pick<Workspace, "paymentFrequency">>;

/**
 * The activity trail's lines for a plan or seat change the billing webhook applied, in its
 * transaction: `billing.plan_changed` when the plan differs, `billing.seats_changed` when the
 * members bought differ. Nothing for a change that leaves both as they were (a renewal).
 */
export async function recordBillingChanges(
  tx: Transaction,
  workspaceId: string,
  actor: Actor | null,
  before: BillingState,
  after: BillingState,
  subjectId: string | null = null,
): Promise<void> {
  if (after.planType !== before.planType) {
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "billing.plan_changed",
      subjectId,
      details: { from: before.planType, to: after.planType, frequency: after.paymentFrequency ?? null },
    });
  }
  if (after.extraSeats !== before.extraSeats) {
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "billing.seats_changed",
      subjectId,
      details: { from: before.extraSeats, to: after.extraSeats },
    });
  }
}
