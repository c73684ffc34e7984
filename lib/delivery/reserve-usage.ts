import "server-only";
import type pg from "pg";
import { PRICE_PER_REMINDER_CENTS } from "@/config/plans";
import { sendsReminders } from "@/lib/plans/sends-reminders";
import { deliveryTranslator } from "@/lib/messages/render-message";

interface UserUsage {
  id: string;
  plan_type: string;
  subscription_status: string;
  reminders_quota: number;
  reminders_used_current_period: number;
  payg_credit_balance: number;
  locale: string;
  auto_recharge_threshold_cents: number | null;
}

interface UsageRefusal {
  error: string;
  code: "no_credit" | "quota" | "subscription_unpaid";
}

export interface Reservation {
  /** The refusal per delivery that could not be covered. */
  refused: Map<number, UsageRefusal>;
  /** Users with auto-recharge on (any plan) whom these credit debits took under their threshold. */
  crossedThreshold: string[];
}

/**
 * Reserves each delivery's send, in the caller's transaction: one reminder of the period's quota
 * while the plan has some left, else one cent of credit through the ledger (pay-as-you-go, or a
 * plan past its quota whose bought credits carry the send; the used count does not move then).
 * Users are locked in id order so concurrent batches never deadlock and counts stay exact (NO KEY
 * UPDATE: the deliveries' foreign keys hold KEY SHARE locks on the same users, which FOR UPDATE
 * would deadlock against). Returns the refusal per delivery that could not be covered (code
 * `no_credit` for pay-as-you-go, `quota` for plans with neither quota nor credit left,
 * `subscription_unpaid` for a paid plan whose subscription is past due or expired, credits or
 * not). The users read under that lock also tell which balances this reservation took under the
 * auto-recharge threshold: one dip, seen by exactly one transaction.
 */
export async function reserveUsage(
  client: pg.PoolClient,
  wanted: { id: number; userId: string }[],
  now: Date,
): Promise<Reservation> {
  const refused = new Map<number, UsageRefusal>();
  if (wanted.length === 0) return { refused, crossedThreshold: [] };
  const userIds = [...new Set(wanted.map((w) => w.userId))].sort();
  const { rows } = await client.query<UserUsage>(
    `select id, plan_type, subscription_status, reminders_quota, reminders_used_current_period, payg_credit_balance, locale,
            case when auto_recharge_enabled then auto_recharge_threshold_cents end as auto_recharge_threshold_cents
       from users where id = any($1::text[]) order by id for no key update`,
    [userIds],
  );
  const users = new Map(rows.map((u) => [u.id, u]));
  const before = new Map(rows.map((u) => [u.id, u.payg_credit_balance]));
  const changedUsers = new Set<string>();
  const ledger: { userId: string; deliveryId: number }[] = [];
  for (const w of wanted) {
    const user = users.get(w.userId);
    if (!user) continue;
    const t = deliveryTranslator(user.locale);
    if (!sendsReminders(user.plan_type, user.subscription_status)) {
      refused.set(w.id, { error: t("errors.subscriptionUnpaid"), code: "subscription_unpaid" });
      continue;
    }
    const quotaLeft = user.plan_type !== "payg" && user.reminders_used_current_period < user.reminders_quota;
    if (quotaLeft) {
      user.reminders_used_current_period += 1;
    } else if (user.payg_credit_balance >= PRICE_PER_REMINDER_CENTS) {
      // Pay-as-you-go, or a plan past its quota: credits carry the send (used stays as it is).
      user.payg_credit_balance -= PRICE_PER_REMINDER_CENTS;
      ledger.push({ userId: user.id, deliveryId: w.id });
    } else if (user.plan_type === "payg") {
      refused.set(w.id, { error: t("errors.noCredit"), code: "no_credit" });
      continue;
    } else {
      refused.set(w.id, {
        error: t("errors.quotaReached", {
          used: user.reminders_used_current_period,
          quota: user.reminders_quota,
        }),
        code: "quota",
      });
      continue;
    }
    changedUsers.add(user.id);
  }
  const changed = rows.filter((u) => changedUsers.has(u.id));
  if (changed.length > 0) {
    await client.query(
      `update users u set reminders_used_current_period = v.used, payg_credit_balance = v.balance
         from unnest($1::text[], $2::int[], $3::int[]) as v(id, used, balance)
        where u.id = v.id and u.id = any($1::text[])`, // by primary key (see RECORD_SENT_SQL)
      [
        changed.map((u) => u.id),
        changed.map((u) => u.reminders_used_current_period),
        changed.map((u) => u.payg_credit_balance),
      ],
    );
  }
  if (ledger.length > 0) {
    await client.query(
      // One debit per reservation: a retried delivery is reserved again under a new key.
      `insert into credit_ledger (user_id, amount_cents, reason, idempotency_key, created_at)
       select v.user_id, $3, 'delivery', 'delivery:' || v.delivery_id || ':' || $4, $5
         from unnest($1::text[], $2::bigint[]) as v(user_id, delivery_id)`,
      [
        ledger.map((l) => l.userId),
        ledger.map((l) => l.deliveryId),
        -PRICE_PER_REMINDER_CENTS,
        now.getTime(),
        now,
      ],
    );
  }
  const crossedThreshold = rows
    .filter((u) => {
      const threshold = u.auto_recharge_threshold_cents;
      return threshold != null && before.get(u.id)! >= threshold && u.payg_credit_balance < threshold;
    })
    .map((u) => u.id);
  return { refused, crossedThreshold };
}
