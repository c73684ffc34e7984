"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/layout/permissions";
import type { SendNowMode } from "@/db/schema/enums";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { SendNowDialog } from "./send-now-dialog";

export interface ReminderActions {
  cancel(id: string): void;
  /** `mode` for a recurring reminder (see SendNowDialog); a one-time one has only its occurrence. */
  send(id: string, mode?: SendNowMode, nextDate?: string): void;
  retry(id: string): void;
}

/**
 * The actions a reminder's status allows: Edit and Cancel while scheduled, Send Now for
 * scheduled SMS and WhatsApp (not to a group: each member gets it at their own time), Retry
 * when failed. Edit shows only where `onEdit` is given, and not
 * for a lead reminder to the user, whose day follows the contact's date (edited on the contact).
 * Send Now on a recurring reminder first asks whether it is an extra message or the next one.
 * None for a role that may not write (a viewer): the server would refuse them (403).
 */
export function ReminderActionButtons({
  reminder,
  actions,
  onEdit,
  label,
  timeZone,
}: {
  reminder: ReminderDto;
  actions: ReminderActions;
  onEdit?: (reminder: ReminderDto) => void;
  label?: string;
  /** The user's zone, for the next occurrence's date (default: the reminder's). */
  timeZone?: string;
}) {
  const t = useTranslations("reminders");
  const canWrite = useCan("write");
  const [asking, setAsking] = useState(false);
  const scheduled = reminder.status === "scheduled";
  const nextRunAt = reminder.scheduleType === "recurring" ? reminder.nextRunAt : null;
  const sendNow = () => (nextRunAt ? setAsking(true) : actions.send(reminder.id));
  if (!canWrite) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={label}>
      {scheduled && onEdit && reminder.recipient !== "owner" && (
        <Button size="sm" variant="outline" onClick={() => onEdit(reminder)}>
          {t("edit")}
        </Button>
      )}
      {scheduled && reminder.deliveryMethod !== "email" && reminder.groupId === null && (
        <Button size="sm" variant="outline" onClick={sendNow}>
          {t("sendNow")}
        </Button>
      )}
      {scheduled && (
        <Button size="sm" variant="outline" onClick={() => actions.cancel(reminder.id)}>
          {t("cancel")}
        </Button>
      )}
      {reminder.status === "failed" && (
        <Button size="sm" variant="outline" onClick={() => actions.retry(reminder.id)}>
          {t("retry")}
        </Button>
      )}
      {nextRunAt && (
        <SendNowDialog
          open={asking}
          onOpenChange={setAsking}
          nextRunAt={nextRunAt}
          timeZone={timeZone ?? reminder.timezone}
          onChoose={(mode, date) => actions.send(reminder.id, mode, date)}
        />
      )}
    </div>
  );
}
