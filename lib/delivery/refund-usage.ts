import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { creditLedger, users } from "@/db/schema";
import type { DeliveryMethod } from "@/db/schema/enums";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { usageUnits } from "@/lib/plans/usage-units";

const u = alias(users, "u");
const l = alias(creditLedger, "l");

/** The users, locked in id order as reserveUsage locks them. */
const LOCK_USERS = compileStatement<{ ids: string[] }>(
  (p) =>
    sql`select 1 from ${users} where ${users.id} = any(${p.ids}::text[]) order by ${users.id} for no key update`,
);

/** A credit reversing each unrefunded debit of these deliveries (once, by its idempotency key). */
const CREDIT_BACK = compileStatement<
  { userIds: string[]; deliveryIds: number[] },
  { user_id: string; amount: number; delivery_id: string }
>(
  (
    p,
  ) => sql`insert into ${creditLedger} (${columnName(creditLedger.userId)}, ${columnName(creditLedger.amountCents)},
      ${columnName(creditLedger.reason)}, ${columnName(creditLedger.idempotencyKey)})
    select ${l.userId}, -${l.amountCents}, 'refund', 'refund:' || ${l.idempotencyKey}
      from unnest(${p.userIds}::text[], ${p.deliveryIds}::bigint[]) as v(user_id, delivery_id)
      join ${creditLedger} ${l}
        on ${l.userId} = v.user_id and ${l.reason} = 'delivery'
       and ${l.idempotencyKey} like 'delivery:' || v.delivery_id || ':%'
    on conflict (${columnName(creditLedger.idempotencyKey)}) do nothing
    returning ${creditLedger.userId} as user_id, ${creditLedger.amountCents} as amount,
              split_part(${creditLedger.idempotencyKey}, ':', 3) as delivery_id`,
);

/** Credit and quota given back, by primary key (see RECORD_SENT). */
const GIVE_BACK = compileStatement<{ ids: string[]; credits: number[]; used: number[] }>(
  (p) => sql`update ${users} ${u}
      set ${columnName(u.paygCreditBalance)} = ${u.paygCreditBalance} + v.credit,
          ${columnName(u.remindersUsedCurrentPeriod)} = greatest(0, ${u.remindersUsedCurrentPeriod} - v.used)
     from unnest(${p.ids}::text[], ${p.credits}::int[], ${p.used}::int[]) as v(id, credit, used)
    where ${u.id} = v.id and ${u.id} = any(${p.ids}::text[])`,
);

/**
 * Gives back what `reserveUsage` took for deliveries that failed for good: each unrefunded
 * 'delivery:<id>:<n>' debit is reversed by a 'refund:delivery:<id>:<n>' credit (once, by its
 * idempotency key) when it was carried by credit (pay-as-you-go, or a plan past its quota), else
 * the reminders of the period's usage it took (usageUnits of its channel: three for a call).
 */
export async function refundUsage(
  client: Queryable,
  deliveries: { id: number; userId: string; channel: DeliveryMethod }[],
) {
  if (deliveries.length === 0) return;
  const userIds = [...new Set(deliveries.map((d) => d.userId))].sort();
  await LOCK_USERS.run(client, { ids: userIds });
  const credited = await CREDIT_BACK.run(client, {
    userIds: deliveries.map((d) => d.userId),
    deliveryIds: deliveries.map((d) => d.id),
  });
  // The reservation being given back is the credit debit just reversed, if there was one; else
  // it held quota. Each reservation is refunded once (callers refund only the rows whose status
  // they moved), so a delivery whose earlier credit reservation was already given back (a
  // released lease) and that then reserved quota gets its quota back.
  const creditDeliveries = new Set(credited.rows.map((r) => Number(r.delivery_id)));
  const balance = new Map<string, number>();
  for (const row of credited.rows) balance.set(row.user_id, (balance.get(row.user_id) ?? 0) + row.amount);
  const used = new Map<string, number>();
  for (const d of deliveries) {
    if (!creditDeliveries.has(d.id)) used.set(d.userId, (used.get(d.userId) ?? 0) + usageUnits(d.channel));
  }
  const ids = [...new Set([...balance.keys(), ...used.keys()])];
  if (ids.length === 0) return;
  await GIVE_BACK.run(client, {
    ids,
    credits: ids.map((id) => balance.get(id) ?? 0),
    used: ids.map((id) => used.get(id) ?? 0),
  });
}
