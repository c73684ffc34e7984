import { FALLBACK_CONTROL } from "./fallback-chain-field";
import { CONTACT_CONTROL, GROUP_CONTROL, TIMING_CONTROL } from "./recipient-field";
import type { ReminderFormState } from "./reminder-form-state";

/**
 * The control that shows a refusal of each request path (lib/validations/reminder.ts); a
 * missing recipient shows at the group select while the reminder goes to a group.
 */
export const REMINDER_CONTROLS = {
  contactId: CONTACT_CONTROL,
  groupId: GROUP_CONTROL,
  groupTiming: TIMING_CONTROL,
  fallback: FALLBACK_CONTROL,
  message: "reminder-message",
  deliveryMethod: "reminder-method",
  scheduledFor: "reminder-date",
  frequency: "reminder-frequency",
  frequencyConfig: "reminder-frequency",
  "frequencyConfig.time": "reminder-hour",
  "frequencyConfig.days": "reminder-days",
  "frequencyConfig.interval": "reminder-interval",
  "frequencyConfig.dayOfMonth": "reminder-day-of-month",
  "frequencyConfig.nthWeekday": "reminder-nth-weekday",
  "frequencyConfig.endAfterCount": "reminder-end-count",
  "frequencyConfig.endByDate": "reminder-end-date",
  askConfirmation: "reminder-ask-confirmation",
  followUpMinutes: "reminder-follow-up",
};

/** The control whose error a change of each form value settles. */
export const STATE_CONTROLS: Partial<Record<keyof ReminderFormState, string>> = {
  contactId: CONTACT_CONTROL,
  groupId: GROUP_CONTROL,
  groupTiming: TIMING_CONTROL,
  fallback: FALLBACK_CONTROL,
  message: "reminder-message",
  deliveryMethod: "reminder-method",
  date: "reminder-date",
  frequency: "reminder-frequency",
  hour: "reminder-hour",
  days: "reminder-days",
  interval: "reminder-interval",
  nthWeekday: "reminder-nth-weekday",
  endAfterCount: "reminder-end-count",
  endByDate: "reminder-end-date",
  askConfirmation: "reminder-ask-confirmation",
  followUpMinutes: "reminder-follow-up",
};

/** The controls map of a reminder to a group: a missing recipient is its missing group. */
export const GROUP_REMINDER_CONTROLS = { ...REMINDER_CONTROLS, contactId: GROUP_CONTROL };
