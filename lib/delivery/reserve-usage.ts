import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { creditLedger, users as usersTable } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { PRICE_PER_REMINDER_CENTS } from "@/config/plans";
import { sendsReminders } from "@/lib/plans/sends-reminders";
import { deliveryTranslator } from "@/lib/messages/render-message";
import {
  countGroupMembers,
  GROUP_HOLD_MS,
  readGroupHolds,
  writeGroupOccurrences,
  type GroupOccurrence,
} from "./group-holds";

interface UserUsage {
  id: string;
  plan_type: string;
  subscription_status: string;
  reminders_quota: number;
  reminders_used_current_period: number;
  payg_credit_balance: number;
  locale: string;
  auto_recharge_threshold_cents: number | null;
  /** Until when group holds may keep some of this user's units (see readGroupHolds). */
  group_holds_until: Date | null;
}

const u = alias(usersTable, "u");

/**
 * The users, locked in id order so concurrent batches never deadlock (NO KEY UPDATE: the
 * deliveries' foreign keys hold KEY SHARE locks on the same users, which FOR UPDATE would
 * deadlock against).
 */
const LOCK_USERS = compileStatement<{ ids: string[] }, UserUsage>(
  (p) => sql`select ${u.id} as id, ${u.planType} as plan_type, ${u.subscriptionStatus} as subscription_status,
      ${u.remindersQuota} as reminders_quota, ${u.remindersUsedCurrentPeriod} as reminders_used_current_period,
      ${u.paygCreditBalance} as payg_credit_balance, ${u.locale} as locale,
      case when ${u.autoRechargeEnabled} then ${u.autoRechargeThresholdCents} end as auto_recharge_threshold_cents,
      ${u.groupHoldsUntil} as group_holds_until
    from ${usersTable} ${u} where ${u.id} = any(${p.ids}::text[]) order by ${u.id} for no key update`,
);

/** The users' counts after the reservations, by primary key (see RECORD_SENT). */
const UPDATE_USAGE = compileStatement<{
  ids: string[];
  used: number[];
  balances: number[];
  holdsUntil: (Date | null)[];
}>(
  (p) => sql`update ${usersTable} ${u}
      set ${columnName(u.remindersUsedCurrentPeriod)} = v.used, ${columnName(u.paygCreditBalance)} = v.balance,
          ${columnName(u.groupHoldsUntil)} = v.holds_until
     from unnest(${p.ids}::text[], ${p.used}::int[], ${p.balances}::int[], ${p.holdsUntil}::timestamptz[])
       as v(id, used, balance, holds_until)
    where ${u.id} = v.id and ${u.id} = any(${p.ids}::text[])`,
);

/** One debit per reservation: a retried delivery is reserved again under a new key. */
const DEBIT_CREDITS = compileStatement<{
  userIds: string[];
  deliveryIds: number[];
  amounts: number[];
  key: number;
  now: Date;
}>(
  (
    p,
  ) => sql`insert into ${creditLedger} (${columnName(creditLedger.userId)}, ${columnName(creditLedger.amountCents)},
      ${columnName(creditLedger.reason)}, ${columnName(creditLedger.idempotencyKey)}, ${columnName(creditLedger.createdAt)})
    select v.user_id, v.amount, 'delivery', 'delivery:' || v.delivery_id || ':' || ${p.key}, ${p.now}
      from unnest(${p.userIds}::text[], ${p.deliveryIds}::bigint[], ${p.amounts}::int[]) as v(user_id, delivery_id, amount)`,
);

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

/** One delivery's reservation: its units, and a group member's first step, its occurrence. */
export interface WantedUsage {
  id: number;
  userId: string;
  units: number;
  group?: { reminderId: string; occurrenceKey: string };
}

/** Units the user's plan could still carry: quota left (not pay-as-you-go) and credit. */
function capacity(user: UserUsage): number {
  const quotaLeft =
    user.plan_type === "payg" ? 0 : Math.max(0, user.reminders_quota - user.reminders_used_current_period);
  return quotaLeft + Math.floor(user.payg_credit_balance / PRICE_PER_REMINDER_CENTS);
}

/** The refusal of a send the plan cannot carry, in the user's words. */
function refusal(user: UserUsage): UsageRefusal {
  const t = deliveryTranslator(user.locale);
  if (!sendsReminders(user.plan_type, user.subscription_status)) {
    return { error: t("errors.subscriptionUnpaid"), code: "subscription_unpaid" };
  }
  if (user.plan_type === "payg") return { error: t("errors.noCredit"), code: "no_credit" };
  return {
    error: t("errors.quotaReached", {
      used: user.reminders_used_current_period,
      quota: user.reminders_quota,
    }),
    code: "quota",
  };
}

/**
 * Takes `units` from the user's counts: quota while the plan has that many left, else credit
 * (a ledger debit). False when neither covers them.
 */
function take(
  user: UserUsage,
  w: WantedUsage,
  ledger: { userId: string; deliveryId: number; amount: number }[],
) {
  const price = w.units * PRICE_PER_REMINDER_CENTS;
  if (user.plan_type !== "payg" && user.reminders_used_current_period + w.units <= user.reminders_quota) {
    user.reminders_used_current_period += w.units;
    return true;
  }
  if (user.payg_credit_balance >= price) {
    // Pay-as-you-go, or a plan past its quota: credits carry the send (used stays as it is).
    user.payg_credit_balance -= price;
    ledger.push({ userId: user.id, deliveryId: w.id, amount: -price });
    return true;
  }
  return false;
}

/**
 * Reserves each delivery's send, in the caller's transaction: its `units` (usageUnits: a call
 * takes REMINDERS_PER_CALL) of the period's quota while the plan has that many left, else as many
 * times the price per reminder in credit through the ledger (pay-as-you-go, or a
 * plan past its quota whose bought credits carry the send; the used count does not move then).
 * Users are locked in id order so concurrent batches never deadlock and counts stay exact (NO KEY
 * UPDATE: the deliveries' foreign keys hold KEY SHARE locks on the same users, which FOR UPDATE
 * would deadlock against). Returns the refusal per delivery that could not be covered (code
 * `no_credit` for pay-as-you-go, `quota` for plans with neither quota nor credit left,
 * `subscription_unpaid` for a paid plan whose subscription is past due or expired, credits or
 * not). The users read under that lock also tell which balances this reservation took under the
 * auto-recharge threshold: one dip, seen by exactly one transaction.
 *
 * Group occurrences, all or nothing (docs/delivery.md#group-holds): the first member's first step
 * of an occurrence to get here checks the whole occurrence (reachable members x units) against
 * what the plan can carry besides the user's other open holds; covered, those units are held for
 * GROUP_HOLD_MS and each member's first step draws on them; not covered, the occurrence is
 * refused and so is every member's first step of it. Every other reservation sees the plan's
 * capacity less the units held and not drawn yet.
 */
export async function reserveUsage(
  client: pg.PoolClient,
  wanted: WantedUsage[],
  now: Date,
): Promise<Reservation> {
  const refused = new Map<number, UsageRefusal>();
  if (wanted.length === 0) return { refused, crossedThreshold: [] };
  const userIds = [...new Set(wanted.map((w) => w.userId))].sort();
  const { rows } = await LOCK_USERS.run(client, { ids: userIds });
  const users = new Map(rows.map((u) => [u.id, u]));
  const before = new Map(rows.map((u) => [u.id, u.payg_credit_balance]));
  const groups = wanted.flatMap((w) => (w.group ? [w.group] : []));
  // Read under the lock, the user rows say whether any hold may still be open: most accounts
  // never had one, and their batches skip the read.
  const holding = rows.filter((user) => user.group_holds_until !== null && user.group_holds_until > now);
  const holds = await readGroupHolds(
    client,
    holding.map((user) => user.id),
    groups,
    now,
  );
  const held = holds.held;
  const occurrences = holds.occurrences;
  // Occurrences no member has reached yet: their reachable members, counted once.
  const unseen = groups.filter((k) => !occurrences.has(holds.key(k.reminderId, k.occurrenceKey)));
  const members = await countGroupMembers(client, [...new Set(unseen.map((k) => k.reminderId))]);
  const changedOccurrences = new Set<GroupOccurrence>();
  const changedUsers = new Set<string>();
  const ledger: { userId: string; deliveryId: number; amount: number }[] = [];
  for (const w of wanted) {
    const user = users.get(w.userId);
    if (!user) continue;
    const occurrence = w.group ? occurrenceOf(w.group, user) : undefined;
    if (occurrence?.status === "refused") {
      refused.set(w.id, groupRefusal(user, occurrence));
      continue;
    }
    if (!sendsReminders(user.plan_type, user.subscription_status)) {
      refused.set(w.id, refusal(user));
      continue;
    }
    // Drawing on its occurrence's hold: those units were set aside for this member.
    const draws =
      occurrence !== undefined &&
      occurrence.expiresAt > now &&
      occurrence.unitsDrawn + w.units <= occurrence.unitsHeld;
    if (!draws && capacity(user) - (held.get(user.id) ?? 0) < w.units) {
      refused.set(w.id, refusal(user));
      continue;
    }
    if (!take(user, w, ledger)) {
      refused.set(w.id, refusal(user));
      continue;
    }
    if (draws) {
      occurrence.unitsDrawn += w.units;
      held.set(user.id, (held.get(user.id) ?? 0) - w.units);
      changedOccurrences.add(occurrence);
    }
    changedUsers.add(user.id);
  }

  /** The occurrence of a member's first step: read, or decided now for every member. */
  function occurrenceOf(group: NonNullable<WantedUsage["group"]>, user: UserUsage): GroupOccurrence {
    const key = holds.key(group.reminderId, group.occurrenceKey);
    const known = occurrences.get(key);
    if (known) return known;
    const wantedUnits = wanted.find((w) => w.group?.reminderId === group.reminderId)?.units ?? 1;
    const count = members.get(group.reminderId) ?? 0;
    const need = count * wantedUnits;
    const covered =
      sendsReminders(user.plan_type, user.subscription_status) &&
      capacity(user) - (held.get(user.id) ?? 0) >= need;
    const made: GroupOccurrence = {
      reminderId: group.reminderId,
      occurrenceKey: group.occurrenceKey,
      userId: user.id,
      status: covered ? "covered" : "refused",
      members: count,
      unitsHeld: need,
      unitsDrawn: 0,
      expiresAt: new Date(now.getTime() + GROUP_HOLD_MS),
    };
    if (covered) {
      held.set(user.id, (held.get(user.id) ?? 0) + need);
      if (!user.group_holds_until || user.group_holds_until < made.expiresAt)
        user.group_holds_until = made.expiresAt;
      changedUsers.add(user.id);
    }
    occurrences.set(key, made);
    changedOccurrences.add(made);
    return made;
  }

  await writeGroupOccurrences(client, [...changedOccurrences], now);
  const changed = rows.filter((u) => changedUsers.has(u.id));
  if (changed.length > 0) {
    await UPDATE_USAGE.run(client, {
      ids: changed.map((user) => user.id),
      used: changed.map((user) => user.reminders_used_current_period),
      balances: changed.map((user) => user.payg_credit_balance),
      holdsUntil: changed.map((user) => user.group_holds_until),
    });
  }
  if (ledger.length > 0) {
    await DEBIT_CREDITS.run(client, {
      userIds: ledger.map((l) => l.userId),
      deliveryIds: ledger.map((l) => l.deliveryId),
      amounts: ledger.map((l) => l.amount),
      key: now.getTime(),
      now,
    });
  }
  const crossedThreshold = rows
    .filter((u) => {
      const threshold = u.auto_recharge_threshold_cents;
      return threshold != null && before.get(u.id)! >= threshold && u.payg_credit_balance < threshold;
    })
    .map((u) => u.id);
  return { refused, crossedThreshold };
}

/** A refused group occurrence: every member's first step fails alike, nothing sent. */
function groupRefusal(user: UserUsage, occurrence: GroupOccurrence): UsageRefusal {
  const { code } = refusal(user);
  if (code === "subscription_unpaid") return refusal(user);
  const t = deliveryTranslator(user.locale);
  return { error: t("errors.groupNotCovered", { needed: occurrence.unitsHeld }), code };
}
