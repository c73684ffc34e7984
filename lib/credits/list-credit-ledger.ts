import "server-only";
import { desc, eq } from "drizzle-orm";
import { creditLedger } from "@/db/schema";
import type { LedgerReason } from "@/db/schema/enums";
import type { DbOrTx } from "@/lib/db";

export const LEDGER_PAGE_SIZE = 10;

export interface LedgerEntry {
  id: number;
  amountCents: number;
  reason: LedgerReason;
  createdAt: Date;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  page: number;
  hasMore: boolean;
}

/** One page (1-based, newest first) of the workspace's credit ledger: purchases, sends, refunds, recharges. */
export async function listCreditLedger(
  executor: DbOrTx,
  workspaceId: string,
  page: number,
): Promise<LedgerPage> {
  const rows = await executor
    .select({
      id: creditLedger.id,
      amountCents: creditLedger.amountCents,
      reason: creditLedger.reason,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.workspaceId, workspaceId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(LEDGER_PAGE_SIZE + 1)
    .offset((page - 1) * LEDGER_PAGE_SIZE);
  return {
    entries: rows.slice(0, LEDGER_PAGE_SIZE).map((row) => ({ ...row, reason: row.reason as LedgerReason })),
    page,
    hasMore: rows.length > LEDGER_PAGE_SIZE,
  };
}
