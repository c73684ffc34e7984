import "server-only";
import { and, eq, gte, like, or, sql } from "drizzle-orm";
import { creditLedger } from "@/db/schema";
import { db } from "@/lib/db";

/**
 * Reminders sent past a subscription's quota this period, each paid with one cent of credit
 * (docs/billing.md, Credits): the period's 'delivery' debits less the ones given back for sends
 * that failed for good ('refund:delivery:...').
 */
export async function creditsUsedPastQuota(workspaceId: string, periodStart: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(-sum(${creditLedger.amountCents}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.workspaceId, workspaceId),
        gte(creditLedger.createdAt, periodStart),
        or(
          eq(creditLedger.reason, "delivery"),
          and(eq(creditLedger.reason, "refund"), like(creditLedger.idempotencyKey, "refund:delivery:%")),
        ),
      ),
    );
  return Math.max(0, row?.cents ?? 0);
}
