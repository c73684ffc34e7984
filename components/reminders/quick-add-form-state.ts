import type { QuickAddDraft } from "@/lib/quick-add";
import { withDeliveryMethod } from "./fallback-form-state";
import type { ReminderFormState } from "./reminder-form-state";

/**
 * The dialog's fields filled from a quick-add draft: what the words said replaces the field,
 * the rest stays as it was. A name that matched no single contact or group clears the contact
 * rather than keeping an earlier one, and a
 * repeat the plan cannot hold fills no schedule: the dialog asks instead of guessing. Nothing
 * is saved here.
 */
export function withQuickAddDraft(
  state: ReminderFormState,
  draft: QuickAddDraft,
  recurringAllowed: boolean,
): ReminderFormState {
  const next: ReminderFormState = { ...state };
  // A contact or group named in the words is the recipient, even over one chosen before.
  const named = draft.recipient.status === "matched" ? draft.recipient.recipient : null;
  if (named?.kind === "group") Object.assign(next, { recipient: "group", groupId: named.id });
  else if (named) Object.assign(next, { recipient: "contact", contactId: named.id });
  else if (draft.recipient.status !== "none") next.contactId = "";
  if (draft.channel) Object.assign(next, withDeliveryMethod(next, draft.channel));
  if (draft.message !== null) next.message = draft.message;
  const schedule = draft.schedule;
  if (schedule?.scheduleType === "once") {
    const [date, time] = schedule.scheduledFor.split("T");
    const [hour, minute] = time.split(":");
    Object.assign(next, { scheduleType: "once", date, hour, minute });
  } else if (schedule?.scheduleType === "recurring" && recurringAllowed) {
    const config = schedule.frequencyConfig;
    const [hour, minute] = config.time.split(":");
    Object.assign(next, {
      scheduleType: "recurring",
      frequency: schedule.frequency,
      hour,
      minute,
      interval: config.interval ?? 1,
      // A day the words did not give is left empty for the dialog's own check to ask for.
      days: config.nthWeekday === undefined ? (config.days ?? []) : state.days,
      monthlyBy: config.nthWeekday === undefined ? "day" : "weekday",
      nthWeekday: config.nthWeekday ?? state.nthWeekday,
      nthDay: config.nthWeekday === undefined ? state.nthDay : (config.days?.[0] ?? state.nthDay),
      dayOfMonth: config.dayOfMonth ?? state.dayOfMonth,
      month: config.month ?? state.month,
      anchorDate: config.anchorDate ?? "",
      endCondition: config.endCondition ?? "never",
      endAfterCount: config.endAfterCount ?? state.endAfterCount,
      endByDate: config.endByDate ?? state.endByDate,
    });
  }
  return next;
}
