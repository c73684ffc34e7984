import "server-only";
import { sql } from "drizzle-orm";
import type { LedgerReason } from "@/db/schema/enums";
import type { DbOrTx } from "@/lib/db";

export interface CreditChange {
  userId: string;
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
 * users.payg_credit_balance, so both happen or neither. A used idempotency key (also one being
 * written concurrently) changes nothing; a debit below zero fails on the balance CHECK.
 */
export async function applyCreditChange(executor: DbOrTx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isInteger(change.cents) || change.cents === 0) {
    throw new Error("A credit change is a non-zero whole number of cents");
  }
  const result = await executor.execute<{ balance: number }>(sql`
    with entry as (
      insert into credit_ledger (user_id, amount_cents, reason, idempotency_key)
      values (${change.userId}, ${change.cents}, ${change.reason}, ${change.idempotencyKey})
      on conflict (idempotency_key) do nothing
      returning user_id, amount_cents
    )
    update users
       set payg_credit_balance = users.payg_credit_balance + entry.amount_cents, updated_at = now()
      from entry
     where users.id = entry.user_id
    returning users.payg_credit_balance as balance`);
  const row = result.rows[0];
  return row ? { applied: true, balanceCents: Number(row.balance) } : { applied: false, balanceCents: null };
}
