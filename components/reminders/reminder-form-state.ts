import type {
  DeliveryMethod,
  EndCondition,
  Frequency,
  GroupTiming,
  MediaKind,
  NthWeekday,
  ReminderType,
  ScheduleType,
  Weekday,
} from "@/db/schema/enums";
import type { MediaDto } from "@/lib/media/media-dto";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import type { ReminderBodyInput } from "@/lib/validations/reminder";
import { fallbackBody, fallbackFromSteps, type FallbackFormStep } from "./fallback-form-state";

/** Who the reminder goes to: one contact, or every member of a group. */
export type RecipientKind = "contact" | "group";

/** The dialog's fields; defaults: 09:00, end never, end-after count 10. */
export interface ReminderFormState {
  type: ReminderType;
  recipient: RecipientKind;
  contactId: string;
  groupId: string;
  /** A group reminder: the same local time in each member's zone, or the same instant for all. */
  groupTiming: GroupTiming;
  message: string;
  deliveryMethod: DeliveryMethod;
  scheduleType: ScheduleType;
  date: string;
  hour: string;
  minute: string;
  frequency: Frequency | "";
  /** Every `interval` days, weeks, months or years (1: every one). */
  interval: number;
  days: Weekday[];
  /** Monthly and yearly: on a day of the month, or on the nth weekday (`nthWeekday` `nthDay`). */
  monthlyBy: "day" | "weekday";
  dayOfMonth: number;
  nthWeekday: NthWeekday;
  nthDay: Weekday;
  month: number;
  /** A saved schedule's first day ('YYYY-MM-DD'), kept on edit so its interval counts as before. */
  anchorDate: string;
  endCondition: EndCondition;
  endAfterCount: number;
  endByDate: string;
  askConfirmation: boolean;
  /** Minutes as the select's value; "" for no follow-up. */
  followUpMinutes: string;
  /** The channels tried after the delivery method, in order (at most three). */
  fallback: FallbackFormStep[];
  /** The ready clip of each recorded type; the one of `type` is sent. */
  media: Partial<Record<MediaKind, MediaDto>>;
}

export function emptyFormState(contactId = ""): ReminderFormState {
  return {
    type: "text",
    recipient: "contact",
    contactId,
    groupId: "",
    groupTiming: "local_time",
    message: "",
    deliveryMethod: "email",
    scheduleType: "once",
    date: "",
    hour: "09",
    minute: "00",
    frequency: "",
    interval: 1,
    days: [],
    monthlyBy: "day",
    dayOfMonth: 1,
    nthWeekday: 1,
    nthDay: "Mon",
    month: 1,
    anchorDate: "",
    endCondition: "never",
    endAfterCount: 10,
    endByDate: "",
    askConfirmation: false,
    followUpMinutes: "",
    fallback: [],
    media: {},
  };
}

/** The clip of a stored reminder (voice and video reminders carry theirs). */
export function savedMediaOf(reminder: ReminderDto | undefined): MediaDto | null {
  return reminder?.media ?? null;
}

/** The dialog prefilled from a stored reminder (edit). */
export function formStateFrom(reminder: ReminderDto): ReminderFormState {
  const saved = savedMediaOf(reminder);
  const base = emptyFormState(reminder.contactId ?? "");
  const config = reminder.frequencyConfig;
  const [date = "", time = "09:00"] = (reminder.localDateTime ?? "").split("T");
  const [hour, minute] = (config?.time ?? time).split(":");
  return {
    ...base,
    ...(reminder.groupId
      ? {
          recipient: "group" as const,
          groupId: reminder.groupId,
          groupTiming: (reminder.groupTiming ?? "local_time") as GroupTiming,
        }
      : {}),
    type: reminder.type as ReminderType,
    message: reminder.message ?? "",
    deliveryMethod: reminder.deliveryMethod as DeliveryMethod,
    scheduleType: reminder.scheduleType as ScheduleType,
    date,
    hour,
    minute,
    frequency: (reminder.frequency ?? "") as Frequency | "",
    interval: config?.interval ?? 1,
    days: (config?.days ?? []) as Weekday[],
    ...(config?.nthWeekday !== undefined
      ? {
          monthlyBy: "weekday" as const,
          nthWeekday: config.nthWeekday,
          nthDay: (config.days?.[0] ?? "Mon") as Weekday,
        }
      : {}),
    dayOfMonth: config?.dayOfMonth ?? 1,
    month: config?.month ?? 1,
    anchorDate: config?.anchorDate ?? "",
    endCondition: (config?.endCondition ?? "never") as EndCondition,
    endAfterCount: config?.endAfterCount ?? 10,
    endByDate: config?.endByDate ?? "",
    askConfirmation: reminder.askConfirmation === true,
    followUpMinutes: reminder.followUpMinutes != null ? String(reminder.followUpMinutes) : "",
    fallback: fallbackFromSteps(reminder.fallback),
    media: saved?.status === "ready" ? { [saved.kind]: saved } : {},
  };
}

/**
 * The request body: the contact, or the group and its timing; scheduledFor (once) or frequency
 * + frequencyConfig (recurring); the fallback chain when there is one.
 */
export function toRequestBody(state: ReminderFormState): ReminderBodyInput {
  const time = `${state.hour}:${state.minute}`;
  const recorded = state.type !== "text";
  const fallback = fallbackBody(state);
  const common = {
    ...(state.recipient === "group"
      ? { contactId: null, groupId: state.groupId || null, groupTiming: state.groupTiming }
      : { contactId: state.contactId || null }),
    type: state.type,
    // With a clip the text is optional: said beside it, or nothing.
    message: recorded ? state.message.trim() || null : state.message,
    ...(state.type !== "text" ? { mediaId: state.media[state.type]?.id ?? null } : {}),
    deliveryMethod: state.deliveryMethod,
    scheduleType: state.scheduleType,
    // The ask exists on SMS and WhatsApp only: switching to e-mail drops it.
    askConfirmation: state.deliveryMethod !== "email" && state.askConfirmation,
    followUpMinutes:
      state.deliveryMethod !== "email" && state.askConfirmation && state.followUpMinutes
        ? Number(state.followUpMinutes)
        : null,
    ...(fallback.length > 0 ? { fallback } : {}),
  };
  if (state.scheduleType === "once") {
    return { ...common, scheduledFor: state.date ? `${state.date}T${time}` : null };
  }
  const byMonth = state.frequency === "monthly" || state.frequency === "yearly";
  const byWeekday = byMonth && state.monthlyBy === "weekday";
  return {
    ...common,
    frequency: state.frequency || null,
    frequencyConfig: {
      time,
      ...(state.frequency === "weekly" ? { days: state.days } : {}),
      ...(byMonth && !byWeekday ? { dayOfMonth: state.dayOfMonth } : {}),
      ...(byWeekday ? { nthWeekday: state.nthWeekday, days: [state.nthDay] } : {}),
      ...(state.frequency === "yearly" ? { month: state.month } : {}),
      ...(state.interval > 1 ? { interval: state.interval } : {}),
      ...(state.interval > 1 && state.anchorDate ? { anchorDate: state.anchorDate } : {}),
      endCondition: state.endCondition,
      ...(state.endCondition === "after" ? { endAfterCount: state.endAfterCount } : {}),
      ...(state.endCondition === "by" ? { endByDate: state.endByDate || null } : {}),
    },
  };
}
