import type { QuickAddDraft } from "@/lib/quick-add";
import { withDeliveryMethod } from "./fallback-form-state";
import type { ReminderFormState } from "./reminder-form-state";

/**
 * The dialog's fields filled from a quick-add draft: what the words said replaces the field,
 * the rest stays as it was. A name that matched no single contact clears the contact rather
 * than keeping an earlier one (a group chosen stays: the words name contacts only), and a
 * repeat the plan cannot hold fills no schedule: the dialog asks instead of guessing. Nothing
 * is saved here.
 */
export function withQuickAddDraft(
  state: ReminderFormState,
  draft: QuickAddDraft,
  recurringAllowed: boolean,
): ReminderFormState {
  const next: ReminderFormState = { ...state };
  // A contact named in the words is the recipient, even over a group chosen before.
  if (draft.contact.status === "matched") {
    next.contactId = draft.contact.contact.id;
    next.recipient = "contact";
  } else if (draft.contact.status !== "none") next.contactId = "";
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
      // A day the words did not give is left empty for the dialog's own check to ask for.
      days: config.days ?? [],
      dayOfMonth: config.dayOfMonth ?? state.dayOfMonth,
      month: config.month ?? state.month,
      endCondition: "never",
    });
  }
  return next;
}
