import "server-only";
import { formatCivilDateTime, nextOccurrences, scheduleProblem, utcToLocal } from "@/lib/recurrence";
import type { DeliveryMethod, GroupTiming, NthWeekday } from "@/db/schema/enums";
import { failureReason } from "@/lib/channels/failure-reasons";
import { scheduleFromRow, type ReminderRow } from "@/lib/recurrence/schedule-from-row";
import { toMediaDto, type MediaDtoSource } from "@/lib/media/to-media-dto";
import type { Authorship } from "@/lib/users/authorship";

/** How many upcoming occurrences each reminder of a list previews. */
export const PREVIEW_COUNT = 3;
/** How many one reminder read alone (GET /reminders/{id}) and a quick-add draft show. */
export const DETAIL_PREVIEW_COUNT = 5;

/** A group reminder's group as the lists read it (`groupSelection`); null for other reminders. */
export interface ReminderGroupInfo {
  groupName: string | null;
  memberCount: number | null;
}

/** The fallback chain after the delivery method: each channel with its wait for a confirmation (null: none). */
export function fallbackSteps(row: Pick<ReminderRow, "fallbackChannels" | "fallbackWaitMinutes">) {
  return row.fallbackChannels.map((channel, i) => {
    const wait = row.fallbackWaitMinutes[i] ?? 0;
    return { channel: channel as DeliveryMethod, afterMinutes: wait > 0 ? wait : null };
  });
}

/**
 * A reminder as the API returns it: frequencyConfig rebuilt from its columns,
 * the contact's name, the next due time and a preview of the next occurrences (ISO UTC).
 */
export function toReminderDto(
  row: ReminderRow,
  contactName: string | null,
  /** error_code of the latest failed occurrence, while the reminder shows an error. */
  failureCode: string | null = null,
  /** The clip of a voice or video reminder. */
  media: MediaDtoSource | null = null,
  /** A group reminder's group name and member count. */
  group: ReminderGroupInfo | null = null,
  /** Who created it and who changed it last (the lists and the dialogs show them). */
  authorship: Authorship | null = null,
  previewCount = PREVIEW_COUNT,
) {
  const recurring = row.scheduleType === "recurring";
  let upcoming: Date[] = [];
  if (row.status === "scheduled" && row.nextRunAt) {
    upcoming = [row.nextRunAt];
    // Only a recurring row previews more (the schedule is built for it alone: the list's
    // busiest cost). A row written outside the API could hold an incomplete schedule: show
    // no preview rather than fail the whole list.
    const schedule = recurring ? scheduleFromRow(row) : null;
    if (schedule && !scheduleProblem(schedule)) {
      upcoming.push(...nextOccurrences(schedule, row.nextRunAt, previewCount - 1, row.occurrencesSent + 1));
    }
  }
  return {
    id: row.id,
    contactId: row.contactId,
    contactName,
    type: row.type,
    /** Text: the message; voice and video: optional words said with the clip. */
    message: row.message,
    /** The screens' lists: the message with its fields filled for the contact (withMessageTexts). */
    messageText: undefined as string | undefined,
    /** A group reminder with fields: the member whose reading messageText is (each member gets their own). */
    messageFor: undefined as string | undefined,
    media: media ? toMediaDto(media) : null,
    status: row.status,
    deliveryMethod: row.deliveryMethod,
    scheduleType: row.scheduleType,
    /** once: the due instant; recurring: the next due instant (the first until one is sent). */
    scheduledFor: (recurring ? (row.nextRunAt ?? row.scheduledFor) : row.scheduledFor)?.toISOString() ?? null,
    /** once: the wall time as entered, in `timezone` (what the edit dialog shows). */
    localDateTime:
      !recurring && row.scheduledFor
        ? formatCivilDateTime(utcToLocal(row.scheduledFor.getTime(), row.timezone))
        : null,
    frequency: row.frequency,
    frequencyConfig: recurring
      ? {
          time: row.time,
          ...(row.days ? { days: row.days } : {}),
          ...(row.dayOfMonth != null ? { dayOfMonth: row.dayOfMonth } : {}),
          ...(row.month != null ? { month: row.month } : {}),
          ...(row.repeatInterval != null ? { interval: row.repeatInterval } : {}),
          ...(row.nthWeekday != null ? { nthWeekday: row.nthWeekday as NthWeekday } : {}),
          ...(row.anchorDate ? { anchorDate: row.anchorDate } : {}),
          endCondition: row.endCondition ?? "never",
          ...(row.endAfterCount != null ? { endAfterCount: row.endAfterCount } : {}),
          ...(row.endByDate ? { endByDate: row.endByDate } : {}),
        }
      : null,
    timezone: row.timezone,
    askConfirmation: row.askConfirmation,
    followUpMinutes: row.followUpMinutes,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    nextOccurrences: upcoming.map((date) => date.toISOString()),
    occurrencesSent: row.occurrencesSent,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    lastError: row.lastError,
    /** Why the latest occurrence failed, in catalogue terms (words, fix, raw code). */
    failure: row.lastError
      ? failureReason(row.deliveryMethod as DeliveryMethod, failureCode ?? "unknown")
      : null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    /** 'owner': a lead reminder to the user, `leadDays` before the contact date it was made from. */
    recipient: row.recipient,
    leadDays: row.leadDays,
    contactDateId: row.contactDateId,
    /** A group reminder (recipient 'group'): its group; every member gets their own member reminder. */
    groupId: row.groupId,
    groupName: row.groupId ? (group?.groupName ?? null) : null,
    /** 'local_time': the same wall time in each member's zone; 'same_instant': one instant for all. */
    groupTiming: row.groupTiming as GroupTiming | null,
    /** A group reminder: its members (member reminders not cancelled); null otherwise. */
    memberCount: row.recipient === "group" ? (group?.memberCount ?? 0) : null,
    /** Channels tried after deliveryMethod, in order (docs/delivery.md#fallback). */
    fallback: fallbackSteps(row),
    /** A member reminder: the group reminder it is one member's share of (lists never show these). */
    parentReminderId: row.parentReminderId,
    createdAt: row.createdAt.toISOString(),
    /** "Created by" and "Last changed by"; null where the caller did not read them. */
    authorship,
  };
}

export type ReminderDto = ReturnType<typeof toReminderDto>;
