import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries, deliveryCalls, workspaces } from "@/db/schema";
import { PLANS } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";
import { compileStatement } from "@/lib/db/compile-statement";
import { deliveryTranslator } from "@/lib/messages/render-message";
import type { LeasedDelivery } from "./types";

const w = alias(workspaces, "w");
const dc = alias(deliveryCalls, "dc");
const d = alias(deliveries, "d");

/**
 * The calling workspaces, locked in id order as reserveUsage locks them: batches admitting calls
 * of one workspace (any of its members' reminders) take turns.
 */
const LOCK_CALLERS = compileStatement<{ ids: string[] }, { id: string; plan_type: PlanType }>(
  (p) => sql`select ${w.id} as id, ${w.planType} as plan_type
    from ${workspaces} ${w} where ${w.id} = any(${p.ids}::text[]) order by ${w.id} for no key update`,
);

/**
 * The calls each workspace placed since `dayStart`: the calls recorded, plus those admitted by other
 * batches and still being placed (leased, not recorded yet). A statement of its own, after the
 * lock: it then sees what the batch that held the lock before committed.
 */
const PLACED = compileStatement<
  { ids: string[]; batch: number[]; dayStart: Date },
  { id: string; placed: number }
>(
  (p) => sql`select ${w.id} as id,
      (select count(*) from ${deliveryCalls} ${dc} where ${dc.workspaceId} = ${w.id} and ${dc.createdAt} >= ${p.dayStart})::int
    + (select count(*) from ${deliveries} ${d} where ${d.status} = 'sending' and ${d.workspaceId} = ${w.id}
         and ${d.channel} = 'call' and ${d.id} <> all(${p.batch}::bigint[]))::int as placed
    from ${workspaces} ${w} where ${w.id} = any(${p.ids}::text[])`,
);

/** Midnight UTC of `now`'s day: the daily cap counts from there. */
const dayStartUtc = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * The daily call cap (PLANS[plan].callsPerDay per workspace, UTC days, retries included): of the calls about
 * to be placed, those that would go past it are refused (code `call_daily_cap`), in the caller's
 * lease transaction, before any usage is reserved for them. Returns the refusal per delivery.
 */
export async function capCalls(
  client: pg.PoolClient,
  ready: LeasedDelivery[],
  now: Date,
): Promise<Map<number, { error: string; code: "call_daily_cap" }>> {
  const refused = new Map<number, { error: string; code: "call_daily_cap" }>();
  const calls = ready.filter((r) => r.channel === "call");
  if (calls.length === 0) return refused;
  const ids = [...new Set(calls.map((c) => c.workspaceId))].sort();
  const { rows } = await LOCK_CALLERS.run(client, { ids });
  const counted = await PLACED.run(client, {
    ids,
    batch: calls.map((c) => c.id),
    dayStart: dayStartUtc(now),
  });
  const placed = new Map(counted.rows.map((row) => [row.id, row.placed]));
  const callers = new Map(rows.map((row) => [row.id, row]));
  for (const call of calls) {
    const caller = callers.get(call.workspaceId);
    if (!caller) continue;
    const cap = PLANS[caller.plan_type]?.callsPerDay ?? 0;
    const count = placed.get(caller.id) ?? 0;
    if (count < cap) {
      placed.set(caller.id, count + 1);
      continue;
    }
    const error = deliveryTranslator(call.locale)("errors.callDailyCap", { cap });
    refused.set(call.id, { error, code: "call_daily_cap" });
  }
  return refused;
}
