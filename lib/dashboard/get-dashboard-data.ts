import "server-only";
import { periodUsage } from "@/lib/plans/period-usage";
import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
import { LOW_BALANCE_CENTS, PLANS } from "@/config/plans";
import { contactGroups, contacts, reminders } from "@/db/schema";
import type { PlanType } from "@/db/schema/enums";
import { creditsUsedPastQuota } from "@/lib/credits/credits-used-past-quota";
import { countContacts } from "@/lib/contacts/count-contacts";
import { db } from "@/lib/db";
import type { Workspace } from "@/db/schema";
import { listReminders } from "@/lib/reminders/list-reminders";
import { withMessageTexts } from "@/lib/reminders/with-message-texts";

/** Below 80 % fine, 80 % up to below 100 % a warning, 100 % or more the limit. */
export type UsageLevel = "ok" | "warning" | "limit";

export function usageLevel(used: number, limit: number): UsageLevel {
  if (limit <= 0) return "limit";
  const ratio = used / limit;
  if (ratio >= 1) return "limit";
  return ratio >= 0.8 ? "warning" : "ok";
}

/** The ceiling of the days until trialEndDate, minimum 0. */
export function trialDaysLeft(trialEndDate: Date | null, now: Date): number | null {
  if (!trialEndDate) return null;
  return Math.max(0, Math.ceil((trialEndDate.getTime() - now.getTime()) / 86_400_000));
}

/**
 * Everything the dashboard shows of the workspace, in five small queries (and up to three more
 * for the fields of recent messages).
 */
export async function getDashboardData(workspace: Workspace, now = new Date()) {
  const planType = workspace.planType as PlanType;
  const plan = PLANS[planType] ?? PLANS.free;
  const payg = planType === "payg";
  const [contactCount, [activeCount], [next], recent, pastQuota] = await Promise.all([
    countContacts(workspace.id),
    db
      .select({ value: count() })
      .from(reminders)
      // A group reminder counts once: its member reminders are inside it.
      .where(
        and(
          eq(reminders.workspaceId, workspace.id),
          eq(reminders.status, "scheduled"),
          isNull(reminders.parentReminderId),
        ),
      ),
    db
      .select({ nextRunAt: reminders.nextRunAt, contactName: contacts.name, groupName: contactGroups.name })
      .from(reminders)
      .leftJoin(contacts, eq(contacts.id, reminders.contactId))
      .leftJoin(contactGroups, eq(contactGroups.id, reminders.groupId))
      .where(
        and(
          eq(reminders.workspaceId, workspace.id),
          eq(reminders.status, "scheduled"),
          isNotNull(reminders.nextRunAt),
          isNull(reminders.parentReminderId),
        ),
      )
      .orderBy(asc(reminders.nextRunAt))
      .limit(1),
    listReminders(workspace.id, { status: "all", view: "recent", limit: 5 }),
    // The period's start; before the first one (no period yet) every debit counts.
    payg ? 0 : creditsUsedPastQuota(workspace.id, workspace.billingPeriodStart ?? new Date(0)),
  ]);
  const period = periodUsage(workspace);
  return {
    planType,
    totalContacts: contactCount,
    activeReminders: activeCount.value,
    sentThisMonth: workspace.remindersUsedCurrentPeriod,
    remaining: period ? period.left : null,
    nextReminderAt: next?.nextRunAt?.toISOString() ?? null,
    /** Who the next reminder goes to: its contact, or its group's name. */
    nextReminderTo: next ? (next.contactName ?? next.groupName ?? null) : null,
    recent: await withMessageTexts(workspace.id, recent.items),
    usage: {
      reminders: period && {
        used: period.used,
        quota: period.quota,
        level: usageLevel(period.used, period.quota),
      },
      contacts: {
        used: contactCount,
        limit: plan.contactsLimit,
        level: usageLevel(contactCount, plan.contactsLimit),
      },
      creditBalanceCents: payg ? workspace.paygCreditBalance : null,
      /**
       * On a subscription plan: reminders sent past the quota this period, paid with credits, and
       * the credits left to carry more (null when the plan holds none and used none).
       */
      pastQuota:
        !payg && (pastQuota > 0 || workspace.paygCreditBalance > 0)
          ? { sent: pastQuota, creditBalanceCents: workspace.paygCreditBalance }
          : null,
      lowBalance: payg && workspace.paygCreditBalance < LOW_BALANCE_CENTS,
      trialDaysLeft: planType === "trial" ? trialDaysLeft(workspace.trialEndDate, now) : null,
    },
  };
}

export type DashboardData = Awaited<ReturnType<typeof getDashboardData>>;

/**
 * A newcomer's dashboard: nothing added or sent yet, so 'Welcome!' rather than 'Welcome back'.
 */
export function isFirstVisit(
  data: Pick<DashboardData, "totalContacts" | "recent" | "sentThisMonth">,
): boolean {
  return data.totalContacts === 0 && data.recent.length === 0 && data.sentThisMonth === 0;
}
