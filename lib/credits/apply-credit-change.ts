import "server-only";
import { sql } from "drizzle-orm";
import { creditLedger, workspaces } from "@/db/schema";
import type { LedgerReason } from "@/db/schema/enums";
import type { DbOrTx } from "@/lib/db";
import { columnName } from "@/lib/db/compile-statement";

export interface CreditChange {
  /** The workspace whose balance changes. */
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
 * The only way a pay-as-you-go balance changes: one statement inserts the ledger row and moves
 * the workspace's payg_credit_balance, so both happen or neither. A used idempotency key (also one being
 * written concurrently) changes nothing; a debit below zero fails on the balance CHECK.
 */
export async function applyCreditChange(executor: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isInteger(change.cents) || change.cents === 0) {
    throw new Error("A credit change is a non-zero whole number of cents");
  }
  const result = await executor.execute<{ balance: number }>(sql`
    with entry as (
      insert into ${creditLedger} (${columnName(creditLedger.workspaceId)}, ${columnName(creditLedger.amountCents)},
          ${columnName(creditLedger.reason)}, ${columnName(creditLedger.idempotencyKey)})
      values (${change.workspaceId}, ${change.cents}, ${change.reason}, ${change.idempotencyKey})
      on conflict (${columnName(creditLedger.idempotencyKey)}) do nothing
      returning ${creditLedger.workspaceId} as workspace_id, ${creditLedger.amountCents} as amount_cents
    )
    update ${workspaces}
       set ${columnName(workspaces.paygCreditBalance)} = ${workspaces.paygCreditBalance} + entry.amount_cents,
           ${columnName(workspaces.updatedAt)} = now()
      from entry
     where ${workspaces.id} = entry.workspace_id
    returning ${workspaces.paygCreditBalance} as balance`);
  const row = result.rows[0];
  return row ? { applied: true, balanceCents: Number(row.balance) } : { applied: false, balanceCents: null };
}
