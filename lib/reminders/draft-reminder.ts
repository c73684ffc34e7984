import "server-only";
import { toLocale, type Locale } from "@/i18n/locales";
import {
  parseQuickAdd,
  type QuickAddNote,
  type QuickAddRecipient,
  type UnknownReason,
} from "@/lib/quick-add";
import {
  anchoredSchedule,
  localToUtc,
  nextOccurrences,
  scheduleProblem,
  timeZoneProblem,
} from "@/lib/recurrence";
import type { Actor } from "@/lib/workspaces/actor";
import { reminderInputSchema, scheduleFromBody } from "@/lib/validations/reminder";
import { listContactOptions } from "./list-contact-options";
import { listGroupNames } from "./list-group-names";
import { quickAddBody, type DraftGap } from "./quick-add-body";
import { DETAIL_PREVIEW_COUNT } from "./to-reminder-dto";

/** A part of the words left for the person, and why. */
export interface NotUnderstood {
  text: string;
  start: number;
  end: number;
  reason: UnknownReason | "unknown_recipient" | "ambiguous_recipient";
  /** ambiguous_recipient: the contacts and groups the name fits. */
  candidates?: QuickAddRecipient[];
}

/** The next occurrences of the body's schedule after `now`, as the engine will send them; none when incomplete. */
function upcoming(body: ReturnType<typeof quickAddBody>["body"], timezone: string, now: Date): Date[] {
  const parsed = reminderInputSchema.safeParse({
    contactId: "x",
    message: "x",
    deliveryMethod: "email",
    ...body,
  });
  if (!parsed.success || timeZoneProblem(timezone)) return [];
  const schedule = anchoredSchedule(scheduleFromBody(parsed.data, timezone), now);
  if (scheduleProblem(schedule)) return [];
  if (schedule.scheduleType === "once") {
    const due = localToUtc(schedule.localDateTime ?? "", timezone);
    return due.getTime() > now.getTime() ? [due] : [];
  }
  return nextOccurrences(schedule, now, DETAIL_PREVIEW_COUNT);
}

/**
 * POST /api/v1/quick-add: a line read as the dialog reads it (every schedule kind, the
 * workspace's contacts and groups, the key owner's zone and clock), answered as the reminder
 * body POST /reminders would take, with the next occurrences the engine computes for it and
 * what was not understood. Nothing is saved.
 */
export async function draftReminder(
  actor: Actor,
  text: string,
  locale: Locale | undefined,
  now = new Date(),
) {
  const { user, workspace } = actor;
  const language = locale ?? toLocale(user.locale);
  const [contacts, groups] = await Promise.all([
    listContactOptions(workspace.id, toLocale(user.locale)),
    listGroupNames(workspace.id),
  ]);
  const draft = parseQuickAdd(text, {
    locale: language,
    timeZone: user.timezone,
    now,
    contacts: contacts.map(({ id, name }) => ({ id, name })),
    groups,
    richSchedules: true,
  });
  const { body, gaps } = quickAddBody(draft);
  const notUnderstood: NotUnderstood[] = draft.unknown.map(({ text: words, start, end, reason }) => ({
    text: words,
    start,
    end,
    reason,
  }));
  const who = draft.recipient;
  if (who.status === "unknown") notUnderstood.push({ ...who.span, reason: "unknown_recipient" });
  if (who.status === "ambiguous")
    notUnderstood.push({ ...who.span, reason: "ambiguous_recipient", candidates: who.candidates });
  notUnderstood.sort((a, b) => a.start - b.start);
  const occurrences = upcoming(body, user.timezone, now);
  const complete = gaps.length === 0 && occurrences.length > 0 && reminderInputSchema.safeParse(body).success;
  return {
    locale: language,
    reminder: body,
    complete,
    missing: gaps satisfies DraftGap[],
    nextOccurrences: occurrences.map((at) => at.toISOString()),
    notUnderstood,
    notes: draft.notes satisfies QuickAddNote[],
  };
}
