import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries } from "@/db/schema";
import type { FailureReasonCode } from "@/lib/channels/failure-reasons";

/**
 * A reminder's chain (docs/delivery.md#fallback): step 0 is its delivery method, step n its n-th
 * fallback channel, each tried for the same occurrence as its own delivery. These failures do NOT
 * go on to the next step: refusals another channel would meet alike (usage, the plan's call cap),
 * a member's own doing (cancelled), the reminder's own clip, an answer given on another step, and
 * the contact's stop or pause (every step would meet it). A step by a channel the contact refuses
 * does go on (contact_refused_channel): the next step may be one they accept.
 */
export const NO_FALLBACK_CODES: ReadonlySet<string> = new Set([
  "quota",
  "no_credit",
  "subscription_unpaid",
  "cancelled",
  "call_daily_cap",
  "media_not_ready",
  "answered_earlier",
  "contact_stopped",
  "contact_paused",
] satisfies FailureReasonCode[]);

/** Whether a failure with this code goes on to the next step of the chain (if there is one). */
export function fallsBack(code: string | null | undefined): boolean {
  return !NO_FALLBACK_CODES.has(code ?? "");
}

/**
 * The first step after `step` that waits for a confirmation (fallback_wait_minutes > 0), with its
 * wait in minutes; null when none does. `waits[0]` is step 1's.
 */
export function nextWaitedStep(
  step: number,
  waits: readonly number[],
): { step: number; minutes: number } | null {
  for (let next = step + 1; next <= waits.length; next++) {
    const minutes = waits[next - 1];
    if (minutes > 0) return { step: next, minutes };
  }
  return null;
}

const x = alias(deliveries, "x");

/**
 * True when a delivery of the same reminder and occurrence as `row` (a deliveries alias) was
 * answered (YES, NO or LATER): the recipient has the message, so the chain stops there. Read by
 * the unique key (reminder, occurrence, step).
 */
export function occurrenceAnswered(row: { reminderId: unknown; occurrenceAt: unknown }): SQL {
  return sql`exists (select 1 from ${deliveries} ${x}
    where ${x.reminderId} = ${row.reminderId} and ${x.occurrenceAt} = ${row.occurrenceAt}
      and ${x.confirmation} in ('confirmed', 'declined', 'snoozed'))`;
}
