import "server-only";
import { and, eq } from "drizzle-orm";
import { PLANS } from "@/config/plans";
import { contacts } from "@/db/schema";
import type { PlanType } from "@/db/schema/enums";
import { invalidInput, forbidden, notFound } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";
import type { DbOrTx } from "@/lib/db";
import { localToUtc, nextOccurrence, scheduleProblem, type Schedule } from "@/lib/recurrence";
import type { User } from "@/db/schema";
import { firstReminderProblem, reminderProblem, type ReminderBody } from "@/lib/validations/reminder";
import { assertMessageFields } from "./assert-message-fields";
import { scheduleFromBody } from "@/lib/validations/schedule-from-body";

export const REMINDER_ERRORS = {
  voice: { code: "voice_coming_soon", message: "Voice reminders are coming soon" },
  video: { code: "video_coming_soon", message: "Video reminders are coming soon" },
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
  schedule: Schedule;
  /** once: the due instant; recurring: the first occurrence. */
  scheduledFor: Date;
  nextRunAt: Date;
}

/** The contact has the address `method` sends to: an e-mail for email, a phone for SMS and WhatsApp. */
export function assertContactReachable(
  contact: { email: string | null; phone: string | null },
  method: string,
): void {
  if (method === "email" && !contact.email) throw invalidInput(REMINDER_ERRORS.noEmail);
  if (method !== "email" && !contact.phone) throw invalidInput(REMINDER_ERRORS.noPhone);
}

/**
 * Every check a create or edit needs after the quota: the form's checks first, in their order
 * and words, then the server's: type, contact ownership, delivery method against the contact,
 * plan, and a schedule with a future occurrence. Throws DomainError; writes nothing.
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
  const problem = firstReminderProblem(body);
  if (problem) throw invalidInput(reminderProblem(problem));
  if (body.type === "text") await assertMessageFields(tx, body.message, contactDateId);
  if (body.type === "voice") throw invalidInput(REMINDER_ERRORS.voice);
  if (body.type === "video") throw invalidInput(REMINDER_ERRORS.video);

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

  const schedule = scheduleFromBody(body, user.timezone);
  const invalid = scheduleProblem(schedule);
  if (invalid) throw invalidInput({ code: "invalid_schedule", message: invalid });

  if (schedule.scheduleType === "once") {
    const due = localToUtc(schedule.localDateTime ?? "", schedule.timezone);
    if (due.getTime() <= now.getTime()) throw invalidInput(REMINDER_ERRORS.past);
    return { contact, schedule, scheduledFor: due, nextRunAt: due };
  }
  const next = nextOccurrence(schedule, now, occurrencesSent);
  if (!next) throw invalidInput(REMINDER_ERRORS.noOccurrence);
  return { contact, schedule, scheduledFor: next, nextRunAt: next };
}
