import type { QuickAddDraft } from "@/lib/quick-add";
import type { ReminderBodyInput } from "@/lib/validations/reminder";

/** A part of the reminder body the words did not give. */
export type DraftGap = "recipient" | "deliveryMethod" | "message" | "schedule";

/**
 * The fields of the reminder body (as POST /reminders takes it) a quick-add draft gives, and
 * those it leaves for the person: a recipient only when one contact or group matched, a
 * schedule only as the words said it (a repeat without its day stays incomplete).
 */
export function quickAddBody(draft: QuickAddDraft): { body: Partial<ReminderBodyInput>; gaps: DraftGap[] } {
  const body: Partial<ReminderBodyInput> = { type: "text" };
  const gaps: DraftGap[] = [];
  if (draft.recipient.status === "matched") {
    const { kind, id } = draft.recipient.recipient;
    if (kind === "group") body.groupId = id;
    else body.contactId = id;
  } else gaps.push("recipient");
  if (draft.channel) body.deliveryMethod = draft.channel;
  else gaps.push("deliveryMethod");
  if (draft.message?.trim()) body.message = draft.message;
  else gaps.push("message");
  const schedule = draft.schedule;
  if (schedule?.scheduleType === "once") Object.assign(body, schedule);
  else if (schedule) {
    body.scheduleType = "recurring";
    body.frequency = schedule.frequency;
    body.frequencyConfig = { ...schedule.frequencyConfig };
  } else gaps.push("schedule");
  return { body, gaps };
}
