import "server-only";
import { periodUsage } from "@/lib/plans/period-usage";
import { and, eq, gte, inArray, isNull, ne, not, notExists, or, sql } from "drizzle-orm";
import { PRICE_PER_REMINDER_CENTS, REMINDERS_PER_CALL } from "@/config/plans";
import { deliveries, reminders } from "@/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";
import { db, type DbOrTx } from "@/lib/db";
import type { Workspace } from "@/db/schema";

export const REMINDER_LIMIT_MESSAGE = "Reminder limit reached";
export const NO_CREDIT_MESSAGE = "Your pay-as-you-go balance is empty. Add credits to schedule reminders.";

/** A group whose occurrence the quota or credit cannot cover for every reachable member. */
export const GROUP_OVER_QUOTA = {
  code: "group_over_quota",
  message:
    "This group needs more messages per occurrence than your plan has left. Remove members, add credits or upgrade.",
} as const satisfies Problem;

export interface QuotaRefusal {
  /** The refusal's code and words instead of reminder_limit / no_credit (same kinds: 403 / 402). */
  problem: Problem;
  /** Added to the refusal's details. */
  details?: Record<string, unknown>;
}

/**
 * The first rule of a create, on the server. Non-payg: refused when used + scheduled >= quota +
 * the sends the credit balance covers, where each scheduled reminder holds one send until the
 * engine delivers it (so creates cannot outrun quota and credit before anything is sent); bought
 * credits carry sends past the plan's quota as the engine does. A scheduled reminder whose last
 * send is taken on and waiting (to retry, say) already holds its reserved send in `used` or the
 * balance, so it is not counted again. A call holds REMINDERS_PER_CALL sends, as the engine
 * charges it; `sends` is what the reminder being created needs (a call: REMINDERS_PER_CALL). Payg:
 * refused when the balance cannot pay that. Call it inside the transaction that holds the workspace
 * row locked; outside one (`beforeRules` of the reminder route) it only chooses which refusal a bad
 * request gets. A group reminder holds nothing itself (the engine never sends it): its member
 * reminders do, each as any reminder. `refusal` names a group's refusal (group_over_quota), with
 * what the occurrence needs and what is left in its details.
 */
export async function assertReminderQuota(
  workspace: Pick<
    Workspace,
    "id" | "planType" | "remindersQuota" | "remindersUsedCurrentPeriod" | "paygCreditBalance"
  >,
  tx: DbOrTx = db,
  sends = 1,
  refusal?: QuotaRefusal,
): Promise<void> {
  if (workspace.planType === "payg") {
    if (workspace.paygCreditBalance < sends * PRICE_PER_REMINDER_CENTS)
      throw new DomainError(
        "payment_required",
        refusal?.problem ?? { code: "no_credit", message: NO_CREDIT_MESSAGE },
        {
          limit: "credits",
          ...(refusal
            ? {
                needed: sends,
                available: Math.floor(Math.max(0, workspace.paygCreditBalance) / PRICE_PER_REMINDER_CENTS),
              }
            : {}),
          ...refusal?.details,
        },
      );
    return;
  }
  // A delivery attempted at least once and not settled holds its reservation (admitLeased
  // reserves on the first attempt; paced and held rows give their attempt back).
  const reserved = tx
    .select({ one: deliveries.id })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.reminderId, reminders.id),
        inArray(deliveries.status, ["queued", "held", "sending"]),
        gte(deliveries.attemptCount, 1),
      ),
    );
  const [{ scheduled }] = await tx
    .select({
      scheduled: sql<number>`coalesce(sum(case when ${reminders.deliveryMethod} = 'call' then ${REMINDERS_PER_CALL} else 1 end), 0)::int`,
    })
    .from(reminders)
    .where(
      and(
        eq(reminders.workspaceId, workspace.id),
        eq(reminders.status, "scheduled"),
        ne(reminders.recipient, "group"),
        // Nothing more to send (no next occurrence) than what is already reserved.
        or(not(isNull(reminders.nextRunAt)), notExists(reserved)),
      ),
    );
  const creditSends = Math.floor(Math.max(0, workspace.paygCreditBalance) / PRICE_PER_REMINDER_CENTS);
  const quotaLeft = periodUsage(workspace)?.left ?? 0;
  const available = quotaLeft + creditSends - scheduled;
  if (sends > available) {
    throw new DomainError(
      "forbidden",
      refusal?.problem ?? { code: "reminder_limit", message: REMINDER_LIMIT_MESSAGE },
      {
        limit: "reminders",
        ...(refusal ? { needed: sends, available: Math.max(0, available) } : {}),
        ...refusal?.details,
      },
    );
  }
}
