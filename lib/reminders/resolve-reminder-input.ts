import "server-only";
import { and, eq } from "drizzle-orm";
import { PLANS } from "@/config/plans";
import { contacts } from "@/db/schema";
import type { DeliveryMethod, PlanType } from "@/db/schema/enums";
import { configuredChannels } from "@/lib/channels/configured-channels";
import { DomainError, invalidInput, forbidden, notFound } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";
import type { DbOrTx } from "@/lib/db";
import {
  anchoredSchedule,
  localToUtc,
  nextOccurrence,
  timeZoneProblem,
  type Schedule,
} from "@/lib/recurrence";
import type { Media } from "@/db/schema";
import type { Actor } from "@/lib/workspaces/actor";
import { scheduleFromBody, type ReminderBody } from "@/lib/validations/reminder";
import { assertCallsInPlan } from "./assert-calls-in-plan";
import { assertMessageFields } from "./assert-message-fields";
import { lockReminderGroup, type ReminderGroup } from "./lock-reminder-group";
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
  fallbackUnavailable: {
    code: "fallback_channel_unavailable",
    message: "This channel is not available on this server: choose another",
  },
  contactRefusedChannel: {
    code: "contact_refused_channel",
    message: "This contact asked not to be reached on this channel: choose one they accept",
  },
  contactStopped: {
    code: "contact_stopped",
    message: "This contact asked to receive nothing from you: no reminder can be sent to them",
  },
} as const satisfies Record<string, Problem>;

export interface ResolvedReminder {
  /** A reminder to a contact: the contact; a group reminder: null. */
  contact: typeof contacts.$inferSelect | null;
  /** A group reminder: the group, locked, with one occurrence's reach; else null. */
  group: ReminderGroup | null;
  /** Voice and video: the ready clip; text: null. */
  media: Media | null;
  schedule: Schedule;
  /** once: the due instant; recurring: the first occurrence. */
  scheduledFor: Date;
  nextRunAt: Date;
}

/**
 * The contact has the address `method` sends to: an e-mail for email, a phone for SMS, WhatsApp
 * and calls. With a fallback chain, an address for any later channel of it will do (the engine
 * moves on when a step has no address); the refusal names the delivery method's address.
 */
export function assertContactReachable(
  contact: { email: string | null; phone: string | null },
  method: string,
  fallback: readonly string[] = [],
): void {
  const has = (channel: string) => (channel === "email" ? contact.email : contact.phone);
  if (has(method) || fallback.some(has)) return;
  throw invalidInput(method === "email" ? REMINDER_ERRORS.noEmail : REMINDER_ERRORS.noPhone);
}

/**
 * The contact's own choices (their preferences page) allow the chain: they did not stop
 * everything, and every channel of it is one they accept when they chose any (422
 * `contact_stopped`, `contact_refused_channel` naming the first refused channel and theirs).
 */
export function assertContactAccepts(
  contact: { acceptedChannels: string[] | null; stoppedAt: Date | null },
  chain: readonly string[],
): void {
  if (contact.stoppedAt) throw new DomainError("unprocessable", REMINDER_ERRORS.contactStopped);
  const accepted = contact.acceptedChannels;
  const refused = accepted ? chain.find((channel) => !accepted.includes(channel)) : undefined;
  if (refused)
    throw new DomainError("unprocessable", REMINDER_ERRORS.contactRefusedChannel, {
      channel: refused,
      accepted,
    });
}

/** The delivery method, then the fallback channels: the order the engine tries them in. */
export function reminderChain(body: Pick<ReminderBody, "deliveryMethod" | "fallback">): DeliveryMethod[] {
  return [body.deliveryMethod, ...body.fallback.map((step) => step.channel)];
}

/**
 * Every channel of the chain is in the plan (calls), and every fallback channel can be sent on
 * this server in some language (the delivery method is the engine's to refuse, as it always was:
 * a fallback the server cannot send would be a step that can only fail).
 */
function assertChainAvailable(planType: string, body: ReminderBody): void {
  for (const channel of reminderChain(body)) assertCallsInPlan(planType, channel);
  const configured = configuredChannels();
  for (const step of body.fallback) {
    if (configured[step.channel].length === 0)
      throw new DomainError("unprocessable", REMINDER_ERRORS.fallbackUnavailable, { channel: step.channel });
  }
}

async function resolveContact(tx: DbOrTx, workspaceId: string, body: ReminderBody) {
  const [contact] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, body.contactId ?? ""), eq(contacts.workspaceId, workspaceId)))
    .limit(1);
  if (!contact) throw notFound(REMINDER_ERRORS.contactNotFound);
  assertContactReachable(
    contact,
    body.deliveryMethod,
    body.fallback.map((step) => step.channel),
  );
  assertContactAccepts(contact, reminderChain(body));
  return contact;
}

/**
 * The checks of a create or edit that need the database or the clock, after the body passed
 * `reminderInputSchema` (lib/validations/reminder.ts) and after the quota: `{age}` against the
 * reminder's contact date, the plan offers every channel of the chain (calls) and this server can
 * send every fallback channel, the recipient (the contact is the user's and has the address the
 * chain sends to; or the group is the user's, has members and the chain reaches one of them: see
 * lockReminderGroup, which locks it), the plan allows recurring, the clip of a voice or video
 * reminder, the user's zone, and a due time in the future. A group reminder's schedule is in the
 * user's zone (each member's own follows from it). Throws DomainError; writes nothing.
 */
export async function resolveReminderInput(
  tx: DbOrTx,
  actor: Actor,
  body: ReminderBody,
  now: Date,
  occurrencesSent = 0,
  /** The contact date an edited reminder was made from: `{age}` counts from its year. */
  contactDateId: string | null = null,
): Promise<ResolvedReminder> {
  // Voice and video carry an optional message too, said with the clip.
  await assertMessageFields(tx, body.message, contactDateId);
  // Before the recipient: on a plan without calls, a phone number would not make the call possible.
  const { workspace, user } = actor;
  assertChainAvailable(workspace.planType, body);

  const group = body.groupId
    ? await lockReminderGroup(tx, workspace.id, body.groupId, reminderChain(body))
    : null;
  const contact = group ? null : await resolveContact(tx, workspace.id, body);

  if (body.scheduleType === "recurring" && !PLANS[workspace.planType as PlanType]?.recurringAllowed) {
    throw forbidden(REMINDER_ERRORS.recurringPlan);
  }
  const media = await resolveReminderMedia(tx, workspace, body);

  const zoneProblem = timeZoneProblem(user.timezone);
  if (zoneProblem) throw invalidInput({ code: "invalid_schedule", message: zoneProblem });
  // An interval counts from the first occurrence after now unless the body names a first day.
  const schedule = anchoredSchedule(scheduleFromBody(body, user.timezone), now);
  if (schedule.scheduleType === "once") {
    const due = localToUtc(schedule.localDateTime ?? "", schedule.timezone);
    if (due.getTime() <= now.getTime()) throw invalidInput(REMINDER_ERRORS.past);
    return { contact, group, media, schedule, scheduledFor: due, nextRunAt: due };
  }
  const next = nextOccurrence(schedule, now, occurrencesSent);
  if (!next) throw invalidInput(REMINDER_ERRORS.noOccurrence);
  return { contact, group, media, schedule, scheduledFor: next, nextRunAt: next };
}
