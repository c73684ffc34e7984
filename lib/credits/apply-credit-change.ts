import "server-only";
import { eq, sql } from "drizzle-orm";
import { creditLedger, workspaces } from "@/db/schema";
import type { LedgerReason } from "@/db/schema/enums";
import type { DbOrTx } from "@/lib/db";

export interface CreditChange {
  workspaceId: string;
  /** Positive adds credit, negative debits it; never 0. */
  cents: number;
  reason: LedgerReason;
  /** Unique per change (a Stripe event or payment id, a delivery id): a repeat applies nothing. */
  idempotencyKey: string;
}

export interface CreditChangeResult {
  applied: boolean;
  /** The balance after this change; null when the key was already used. */
  balanceCents: number | null;
}

/**
 * The only way a workspace's credit balance changes: one statement inserts the ledger row and
 * moves workspaces.payg_credit_balance, so both happen or neither. A used idempotency key (also
 * one being written concurrently) changes nothing; a debit below zero fails on the balance CHECK.
 */
export async function applyCreditChange(executor: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isInteger(change.cents) || change.cents === 0) {
    throw new Error("A credit change is a non-zero whole number of cents");
  }
  // One statement: the ledger row (nothing on a used key) and the balance it moves.
  const entry = executor.$with("entry").as(
    executor
      .insert(creditLedger)
      .values({
        workspaceId: change.workspaceId,
        amountCents: change.cents,
        reason: change.reason,
        idempotencyKey: change.idempotencyKey,
      })
      .onConflictDoNothing({ target: creditLedger.idempotencyKey })
      .returning({ workspaceId: creditLedger.workspaceId, amountCents: creditLedger.amountCents }),
  );
  const [row] = await executor
    .with(entry)
    .update(workspaces)
    .set({
      paygCreditBalance: sql`${workspaces.paygCreditBalance} + ${entry.amountCents}`,
      updatedAt: sql`now()`,
    })
    .from(entry)
    .where(eq(workspaces.id, entry.workspaceId))
    .returning({ balance: workspaces.paygCreditBalance });
  return row ? { applied: true, balanceCents: Number(row.balance) } : { applied: false, balanceCents: null };
}
