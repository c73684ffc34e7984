import "server-only";
import type pg from "pg";

/**
 * Gives back what `reserveUsage` took for deliveries that failed for good: each unrefunded
 * 'delivery:<id>:<n>' debit is reversed by a 'refund:delivery:<id>:<n>' credit (once, by its
 * idempotency key) when it was carried by credit (pay-as-you-go, or a plan past its quota), else
 * one reminder of the period's usage.
 */
export async function refundUsage(
  client: Pick<pg.PoolClient, "query">,
  deliveries: { id: number; userId: string }[],
) {
  if (deliveries.length === 0) return;
  const userIds = [...new Set(deliveries.map((d) => d.userId))].sort();
  await client.query(`select 1 from users where id = any($1::text[]) order by id for no key update`, [
    userIds,
  ]);
  const credited = await client.query<{ user_id: string; amount: number; delivery_id: string }>(
    `insert into credit_ledger (user_id, amount_cents, reason, idempotency_key)
     select l.user_id, -l.amount_cents, 'refund', 'refund:' || l.idempotency_key
       from unnest($1::text[], $2::bigint[]) as v(user_id, delivery_id)
       join credit_ledger l
         on l.user_id = v.user_id and l.reason = 'delivery'
        and l.idempotency_key like 'delivery:' || v.delivery_id || ':%'
     on conflict (idempotency_key) do nothing
     returning user_id, amount_cents as amount, split_part(idempotency_key, ':', 3) as delivery_id`,
    [deliveries.map((d) => d.userId), deliveries.map((d) => d.id)],
  );
  // The reservation being given back is the credit debit just reversed, if there was one; else
  // it held quota. Each reservation is refunded once (callers refund only the rows whose status
  // they moved), so a delivery whose earlier credit reservation was already given back (a
  // released lease) and that then reserved quota gets its quota back.
  const creditDeliveries = new Set(credited.rows.map((r) => Number(r.delivery_id)));
  const balance = new Map<string, number>();
  for (const row of credited.rows) balance.set(row.user_id, (balance.get(row.user_id) ?? 0) + row.amount);
  const used = new Map<string, number>();
  for (const d of deliveries) {
    if (!creditDeliveries.has(d.id)) used.set(d.userId, (used.get(d.userId) ?? 0) + 1);
  }
  const ids = [...new Set([...balance.keys(), ...used.keys()])];
  if (ids.length === 0) return;
  await client.query(
    `update users u
        set payg_credit_balance = u.payg_credit_balance + v.credit,
            reminders_used_current_period = greatest(0, u.reminders_used_current_period - v.used)
       from unnest($1::text[], $2::int[], $3::int[]) as v(id, credit, used)
      where u.id = v.id and u.id = any($1::text[])`, // by primary key (see RECORD_SENT_SQL)
    [ids, ids.map((id) => balance.get(id) ?? 0), ids.map((id) => used.get(id) ?? 0)],
  );
}
