import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { creditLedger, workspaces } from "@/db/schema";
import type { DeliveryMethod } from "@/db/schema/enums";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { usageUnits } from "@/lib/plans/usage-units";

const w = alias(workspaces, "w");
const l = alias(creditLedger, "l");

/** The workspaces, locked in id order as reserveUsage locks them. */
const LOCK_WORKSPACES = compileStatement<{ ids: string[] }>(
  (p) =>
    sql`select 1 from ${workspaces} where ${workspaces.id} = any(${p.ids}::text[]) order by ${workspaces.id} for no key update`,
);

/** A credit reversing each unrefunded debit of these deliveries (once, by its idempotency key). */
const CREDIT_BACK = compileStatement<
  { workspaceIds: string[]; deliveryIds: number[] },
  { workspace_id: string; amount: number; delivery_id: string }
>(
  (
    p,
  ) => sql`insert into ${creditLedger} (${columnName(creditLedger.workspaceId)}, ${columnName(creditLedger.amountCents)},
      ${columnName(creditLedger.reason)}, ${columnName(creditLedger.idempotencyKey)})
    select ${l.workspaceId}, -${l.amountCents}, 'refund', 'refund:' || ${l.idempotencyKey}
      from unnest(${p.workspaceIds}::text[], ${p.deliveryIds}::bigint[]) as v(workspace_id, delivery_id)
      join ${creditLedger} ${l}
        on ${l.workspaceId} = v.workspace_id and ${l.reason} = 'delivery'
       and ${l.idempotencyKey} like 'delivery:' || v.delivery_id || ':%'
    on conflict (${columnName(creditLedger.idempotencyKey)}) do nothing
    returning ${creditLedger.workspaceId} as workspace_id, ${creditLedger.amountCents} as amount,
              split_part(${creditLedger.idempotencyKey}, ':', 3) as delivery_id`,
);

/** Credit and quota given back, by primary key (see RECORD_SENT). */
const GIVE_BACK = compileStatement<{ ids: string[]; credits: number[]; used: number[] }>(
  (p) => sql`update ${workspaces} ${w}
      set ${columnName(w.paygCreditBalance)} = ${w.paygCreditBalance} + v.credit,
          ${columnName(w.remindersUsedCurrentPeriod)} = greatest(0, ${w.remindersUsedCurrentPeriod} - v.used)
     from unnest(${p.ids}::text[], ${p.credits}::int[], ${p.used}::int[]) as v(id, credit, used)
    where ${w.id} = v.id and ${w.id} = any(${p.ids}::text[])`,
);

/**
 * Gives back what `reserveUsage` took for deliveries that failed for good: each unrefunded
 * 'delivery:<id>:<n>' debit is reversed by a 'refund:delivery:<id>:<n>' credit (once, by its
 * idempotency key) when it was carried by credit (pay-as-you-go, or a plan past its quota), else
 * the reminders of the workspace's period usage it took (usageUnits of its channel: three for a
 * call).
 */
export async function refundUsage(
  client: Queryable,
  deliveries: { id: number; workspaceId: string; channel: DeliveryMethod }[],
) {
  if (deliveries.length === 0) return;
  const workspaceIds = [...new Set(deliveries.map((d) => d.workspaceId))].sort();
  await LOCK_WORKSPACES.run(client, { ids: workspaceIds });
  const credited = await CREDIT_BACK.run(client, {
    workspaceIds: deliveries.map((d) => d.workspaceId),
    deliveryIds: deliveries.map((d) => d.id),
  });
  // The reservation being given back is the credit debit just reversed, if there was one; else
  // it held quota. Each reservation is refunded once (callers refund only the rows whose status
  // they moved), so a delivery whose earlier credit reservation was already given back (a
  // released lease) and that then reserved quota gets its quota back.
  const creditDeliveries = new Set(credited.rows.map((r) => Number(r.delivery_id)));
  const balance = new Map<string, number>();
  for (const row of credited.rows)
    balance.set(row.workspace_id, (balance.get(row.workspace_id) ?? 0) + row.amount);
  const used = new Map<string, number>();
  for (const d of deliveries) {
    if (!creditDeliveries.has(d.id))
      used.set(d.workspaceId, (used.get(d.workspaceId) ?? 0) + usageUnits(d.channel));
  }
  const ids = [...new Set([...balance.keys(), ...used.keys()])];
  if (ids.length === 0) return;
  await GIVE_BACK.run(client, {
    ids,
    credits: ids.map((id) => balance.get(id) ?? 0),
    used: ids.map((id) => used.get(id) ?? 0),
  });
}
