import "server-only";
import { and, eq } from "drizzle-orm";
import { PLANS } from "@/config/plans";
import { contacts } from "@/db/schema";
import type { PlanType } from "@/db/schema/enums";
import { invalidInput, forbidden, notFound } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";
import type { DbOrTx } from "@/lib/db";
import { localToUtc, nextOccurrence, timeZoneProblem, type Schedule } from "@/lib/recurrence";
import type { Media, User } from "@/db/schema";
import { scheduleFromBody, type ReminderBody } from "@/lib/validations/reminder";
import { assertCallsInPlan } from "./assert-calls-in-plan";
import { assertMessageFields } from "./assert-message-fields";
import { resolveReminderMedia } from "./resolve-reminder-media";

export const REMINDER_ERRORS = {
  contactNotFound: { code: "contact_not_found", message: "Contact not found" },
  noEmail: {
    code: "contact_has_no_email",
    message: "This contact has no email address: choose SMS or WhatsApp, or add an email to the contact",
  },
  noPhone: {
    code: "contact_has_no_phone",
    message: "This contact has no phone number: choose email, or add a phone number to the contact",
  },
  recurringPlan: {
    code: "recurring_needs_paid_plan",
    message: "Recurring reminders are available on paid plans. Upgrade to schedule them.",
  },
  past: { code: "scheduled_in_past", message: "The scheduled time must be in the future" },
  noOccurrence: { code: "no_future_occurrence", message: "This schedule has no future occurrence" },
} as const satisfies Record<string, Problem>;

export interface ResolvedReminder {
  contact: typeof contacts.$inferSelect;
  /** Voice and video: the ready clip; text: null. */
  media: Media | null;
  schedule: Schedule;
  /** once: the due instant; recurring: the first occurrence. */
  scheduledFor: Date;
  nextRunAt: Date;
}

/** The contact has the address `method` sends to: an e-mail for email, a phone for SMS, WhatsApp and calls. */
export function assertContactReachable(
  contact: { email: string | null; phone: string | null },
  method: string,
): void {
  if (method === "email" && !contact.email) throw invalidInput(REMINDER_ERRORS.noEmail);
  if (method !== "email" && !contact.phone) throw invalidInput(REMINDER_ERRORS.noPhone);
}

/**
 * The checks of a create or edit that need the database or the clock, after the body passed
 * `reminderInputSchema` (lib/validations/reminder.ts) and after the quota: `{age}` against the
 * reminder's contact date, the plan offers the delivery method (calls), the contact is the
 * user's and has the address the delivery method sends to, the plan allows recurring, the clip
 * of a voice or video reminder, the user's zone, and a due time in the future. Throws
 * DomainError; writes nothing.
 */
export async function resolveReminderInput(
  tx: DbOrTx,
  user: Pick<User, "id" | "planType" | "timezone">,
  body: ReminderBody,
  now: Date,
  occurrencesSent = 0,
  /** The contact date an edited reminder was made from: `{age}` counts from its year. */
  contactDateId: string | null = null,
): Promise<ResolvedReminder> {
  // Voice and video carry an optional message too, said with the clip.
  await assertMessageFields(tx, body.message, contactDateId);
  // Before the contact: on a plan without calls, a phone number would not make the call possible.
  assertCallsInPlan(user.planType, body.deliveryMethod);

  const [contact] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, body.contactId ?? ""), eq(contacts.userId, user.id)))
    .limit(1);
  if (!contact) throw notFound(REMINDER_ERRORS.contactNotFound);
  assertContactReachable(contact, body.deliveryMethod);

  if (body.scheduleType === "recurring" && !PLANS[user.planType as PlanType]?.recurringAllowed) {
    throw forbidden(REMINDER_ERRORS.recurringPlan);
  }
  const media = await resolveReminderMedia(tx, user, body);

  const zoneProblem = timeZoneProblem(user.timezone);
  if (zoneProblem) throw invalidInput({ code: "invalid_schedule", message: zoneProblem });
  const schedule = scheduleFromBody(body, user.timezone);
  if (schedule.scheduleType === "once") {
    const due = localToUtc(schedule.localDateTime ?? "", schedule.timezone);
    if (due.getTime() <= now.getTime()) throw invalidInput(REMINDER_ERRORS.past);
    return { contact, media, schedule, scheduledFor: due, nextRunAt: due };
  }
  const next = nextOccurrence(schedule, now, occurrencesSent);
  if (!next) throw invalidInput(REMINDER_ERRORS.noOccurrence);
  return { contact, media, schedule, scheduledFor: next, nextRunAt: next };
}
