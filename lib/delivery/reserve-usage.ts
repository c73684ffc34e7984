import "server-only";
import { periodUsage } from "@/lib/plans/period-usage";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { creditLedger, workspaces } from "@/db/schema";
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

interface WorkspaceUsage {
  id: string;
  plan_type: string;
  subscription_status: string;
  reminders_quota: number;
  reminders_used_current_period: number;
  payg_credit_balance: number;
  auto_recharge_threshold_cents: number | null;
  /** Until when group holds may keep some of this workspace's units (see readGroupHolds). */
  group_holds_until: Date | null;
}

const w = alias(workspaces, "w");

/**
 * The workspaces, locked in id order so concurrent batches never deadlock (NO KEY UPDATE: the
 * deliveries' foreign keys hold KEY SHARE locks on the same workspaces, which FOR UPDATE would
 * deadlock against). Every member's sends queue on this one row: they share its quota.
 */
const LOCK_WORKSPACES = compileStatement<{ ids: string[] }, WorkspaceUsage>(
  (p) => sql`select ${w.id} as id, ${w.planType} as plan_type, ${w.subscriptionStatus} as subscription_status,
      ${w.remindersQuota} as reminders_quota, ${w.remindersUsedCurrentPeriod} as reminders_used_current_period,
      ${w.paygCreditBalance} as payg_credit_balance,
      case when ${w.autoRechargeEnabled} then ${w.autoRechargeThresholdCents} end as auto_recharge_threshold_cents,
      ${w.groupHoldsUntil} as group_holds_until
    from ${workspaces} ${w} where ${w.id} = any(${p.ids}::text[]) order by ${w.id} for no key update`,
);

/** The workspaces' counts after the reservations, by primary key (see RECORD_SENT). */
const UPDATE_USAGE = compileStatement<{
  ids: string[];
  used: number[];
  balances: number[];
  holdsUntil: (Date | null)[];
}>(
  (p) => sql`update ${workspaces} ${w}
      set ${columnName(w.remindersUsedCurrentPeriod)} = v.used, ${columnName(w.paygCreditBalance)} = v.balance,
          ${columnName(w.groupHoldsUntil)} = v.holds_until
     from unnest(${p.ids}::text[], ${p.used}::int[], ${p.balances}::int[], ${p.holdsUntil}::timestamptz[])
       as v(id, used, balance, holds_until)
    where ${w.id} = v.id and ${w.id} = any(${p.ids}::text[])`,
);

/** One debit per reservation: a retried delivery is reserved again under a new key. */
const DEBIT_CREDITS = compileStatement<{
  workspaceIds: string[];
  deliveryIds: number[];
  amounts: number[];
  key: number;
  now: Date;
}>(
  (
    p,
  ) => sql`insert into ${creditLedger} (${columnName(creditLedger.workspaceId)}, ${columnName(creditLedger.amountCents)},
      ${columnName(creditLedger.reason)}, ${columnName(creditLedger.idempotencyKey)}, ${columnName(creditLedger.createdAt)})
    select v.workspace_id, v.amount, 'delivery', 'delivery:' || v.delivery_id || ':' || ${p.key}, ${p.now}
      from unnest(${p.workspaceIds}::text[], ${p.deliveryIds}::bigint[], ${p.amounts}::int[])
        as v(workspace_id, delivery_id, amount)`,
);

interface UsageRefusal {
  error: string;
  code: "no_credit" | "quota" | "subscription_unpaid";
}

export interface Reservation {
  /** The refusal per delivery that could not be covered. */
  refused: Map<number, UsageRefusal>;
  /** Workspaces with auto-recharge on (any plan) whose credit these debits took under their threshold. */
  crossedThreshold: string[];
}

/** One delivery's reservation: its units, and a group member's first step, its occurrence. */
export interface WantedUsage {
  id: number;
  workspaceId: string;
  /** The language its refusal is written in (the reminder's lead person's). */
  locale: string;
  units: number;
  group?: { reminderId: string; occurrenceKey: string };
}

/** Units the workspace's plan could still carry: quota left (not pay-as-you-go) and credit. */
function capacity(workspace: WorkspaceUsage): number {
  const quotaLeft =
    periodUsage({
      planType: workspace.plan_type,
      remindersQuota: workspace.reminders_quota,
      remindersUsedCurrentPeriod: workspace.reminders_used_current_period,
    })?.left ?? 0;
  return quotaLeft + Math.floor(workspace.payg_credit_balance / PRICE_PER_REMINDER_CENTS);
}

/** The refusal of a send the plan cannot carry, in `locale`. */
function refusal(workspace: WorkspaceUsage, locale: string): UsageRefusal {
  const t = deliveryTranslator(locale);
  if (!sendsReminders(workspace.plan_type, workspace.subscription_status)) {
    return { error: t("errors.subscriptionUnpaid"), code: "subscription_unpaid" };
  }
  if (workspace.plan_type === "payg") return { error: t("errors.noCredit"), code: "no_credit" };
  return {
    error: t("errors.quotaReached", {
      used: workspace.reminders_used_current_period,
      quota: workspace.reminders_quota,
    }),
    code: "quota",
  };
}

/**
 * Takes `units` from the workspace's counts: quota while the plan has that many left, else
 * credit (a ledger debit). False when neither covers them.
 */
function take(
  workspace: WorkspaceUsage,
  wanted: WantedUsage,
  ledger: { workspaceId: string; deliveryId: number; amount: number }[],
) {
  const price = wanted.units * PRICE_PER_REMINDER_CENTS;
  if (
    workspace.plan_type !== "payg" &&
    workspace.reminders_used_current_period + wanted.units <= workspace.reminders_quota
  ) {
    workspace.reminders_used_current_period += wanted.units;
    return true;
  }
  if (workspace.payg_credit_balance >= price) {
    // Pay-as-you-go, or a plan past its quota: credits carry the send (used stays as it is).
    workspace.payg_credit_balance -= price;
    ledger.push({ workspaceId: workspace.id, deliveryId: wanted.id, amount: -price });
    return true;
  }
  return false;
}

/**
 * Reserves each delivery's send, in the caller's transaction: its `units` (usageUnits: a call
 * takes REMINDERS_PER_CALL) of the period's quota while the plan has that many left, else as many
 * times the price per reminder in credit through the ledger (pay-as-you-go, or a
 * plan past its quota whose bought credits carry the send; the used count does not move then).
 * The plan is the workspace's: every member's reminders draw on one quota and one balance.
 * Workspaces are locked in id order so concurrent batches never deadlock and counts stay exact
 * (NO KEY UPDATE: the deliveries' foreign keys hold KEY SHARE locks on the same workspaces,
 * which FOR UPDATE would deadlock against). Returns the refusal per delivery that could not be
 * covered (code `no_credit` for pay-as-you-go, `quota` for plans with neither quota nor credit
 * left, `subscription_unpaid` for a paid plan whose subscription is past due or expired, credits
 * or not), in each delivery's `locale`. The workspaces read under that lock also tell which
 * balances this reservation took under the auto-recharge threshold: one dip, seen by exactly one
 * transaction.
 *
 * Group occurrences, all or nothing (docs/delivery.md#group-holds): the first member's first step
 * of an occurrence to get here checks the whole occurrence (reachable members x units) against
 * what the plan can carry besides the workspace's other open holds; covered, those units are held
 * for GROUP_HOLD_MS and each member's first step draws on them; not covered, the occurrence is
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
  const workspaceIds = [...new Set(wanted.map((item) => item.workspaceId))].sort();
  const { rows } = await LOCK_WORKSPACES.run(client, { ids: workspaceIds });
  const locked = new Map(rows.map((row) => [row.id, row]));
  const before = new Map(rows.map((row) => [row.id, row.payg_credit_balance]));
  const groups = wanted.flatMap((item) => (item.group ? [item.group] : []));
  // Read under the lock, the workspace rows say whether any hold may still be open: most
  // workspaces never had one, and their batches skip the read.
  const holding = rows.filter((row) => row.group_holds_until !== null && row.group_holds_until > now);
  const holds = await readGroupHolds(
    client,
    holding.map((row) => row.id),
    groups,
    now,
  );
  const held = holds.held;
  const occurrences = holds.occurrences;
  // Occurrences no member has reached yet: their reachable members, counted once.
  const unseen = groups.filter((k) => !occurrences.has(holds.key(k.reminderId, k.occurrenceKey)));
  const members = await countGroupMembers(client, [...new Set(unseen.map((k) => k.reminderId))]);
  const changedOccurrences = new Set<GroupOccurrence>();
  const changedWorkspaces = new Set<string>();
  const ledger: { workspaceId: string; deliveryId: number; amount: number }[] = [];
  for (const item of wanted) {
    const workspace = locked.get(item.workspaceId);
    if (!workspace) continue;
    const occurrence = item.group ? occurrenceOf(item.group, workspace) : undefined;
    if (occurrence?.status === "refused") {
      refused.set(item.id, groupRefusal(workspace, occurrence, item.locale));
      continue;
    }
    if (!sendsReminders(workspace.plan_type, workspace.subscription_status)) {
      refused.set(item.id, refusal(workspace, item.locale));
      continue;
    }
    // Drawing on its occurrence's hold: those units were set aside for this member.
    const draws =
      occurrence !== undefined &&
      occurrence.expiresAt > now &&
      occurrence.unitsDrawn + item.units <= occurrence.unitsHeld;
    if (!draws && capacity(workspace) - (held.get(workspace.id) ?? 0) < item.units) {
      refused.set(item.id, refusal(workspace, item.locale));
      continue;
    }
    if (!take(workspace, item, ledger)) {
      refused.set(item.id, refusal(workspace, item.locale));
      continue;
    }
    if (draws) {
      occurrence.unitsDrawn += item.units;
      held.set(workspace.id, (held.get(workspace.id) ?? 0) - item.units);
      changedOccurrences.add(occurrence);
    }
    changedWorkspaces.add(workspace.id);
  }

  /** The occurrence of a member's first step: read, or decided now for every member. */
  function occurrenceOf(
    group: NonNullable<WantedUsage["group"]>,
    workspace: WorkspaceUsage,
  ): GroupOccurrence {
    const key = holds.key(group.reminderId, group.occurrenceKey);
    const known = occurrences.get(key);
    if (known) return known;
    const wantedUnits = wanted.find((item) => item.group?.reminderId === group.reminderId)?.units ?? 1;
    const count = members.get(group.reminderId) ?? 0;
    const need = count * wantedUnits;
    const covered =
      sendsReminders(workspace.plan_type, workspace.subscription_status) &&
      capacity(workspace) - (held.get(workspace.id) ?? 0) >= need;
    const made: GroupOccurrence = {
      reminderId: group.reminderId,
      occurrenceKey: group.occurrenceKey,
      workspaceId: workspace.id,
      status: covered ? "covered" : "refused",
      members: count,
      unitsHeld: need,
      unitsDrawn: 0,
      expiresAt: new Date(now.getTime() + GROUP_HOLD_MS),
    };
    if (covered) {
      held.set(workspace.id, (held.get(workspace.id) ?? 0) + need);
      if (!workspace.group_holds_until || workspace.group_holds_until < made.expiresAt)
        workspace.group_holds_until = made.expiresAt;
      changedWorkspaces.add(workspace.id);
    }
    occurrences.set(key, made);
    changedOccurrences.add(made);
    return made;
  }

  await writeGroupOccurrences(client, [...changedOccurrences], now);
  const changed = rows.filter((row) => changedWorkspaces.has(row.id));
  if (changed.length > 0) {
    await UPDATE_USAGE.run(client, {
      ids: changed.map((row) => row.id),
      used: changed.map((row) => row.reminders_used_current_period),
      balances: changed.map((row) => row.payg_credit_balance),
      holdsUntil: changed.map((row) => row.group_holds_until),
    });
  }
  if (ledger.length > 0) {
    await DEBIT_CREDITS.run(client, {
      workspaceIds: ledger.map((l) => l.workspaceId),
      deliveryIds: ledger.map((l) => l.deliveryId),
      amounts: ledger.map((l) => l.amount),
      key: now.getTime(),
      now,
    });
  }
  const crossedThreshold = rows
    .filter((row) => {
      const threshold = row.auto_recharge_threshold_cents;
      return threshold != null && before.get(row.id)! >= threshold && row.payg_credit_balance < threshold;
    })
    .map((row) => row.id);
  return { refused, crossedThreshold };
}

/** A refused group occurrence: every member's first step fails alike, nothing sent. */
function groupRefusal(workspace: WorkspaceUsage, occurrence: GroupOccurrence, locale: string): UsageRefusal {
  const plain = refusal(workspace, locale);
  if (plain.code === "subscription_unpaid") return plain;
  const t = deliveryTranslator(locale);
  return { error: t("errors.groupNotCovered", { needed: occurrence.unitsHeld }), code: plain.code };
}
