"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";

export interface ReminderActions {
  cancel(id: string): void;
  send(id: string): void;
  retry(id: string): void;
}

/**
 * The actions a reminder's status allows: Edit and Cancel while scheduled, Send Now for
 * scheduled SMS and WhatsApp, Retry when failed. Edit shows only where `onEdit` is given, and not
 * for a lead reminder to the user, whose day follows the contact's date (edited on the contact).
 */
export function ReminderActionButtons({
  reminder,
  actions,
  onEdit,
  label,
}: {
  reminder: ReminderDto;
  actions: ReminderActions;
  onEdit?: (reminder: ReminderDto) => void;
  label?: string;
}) {
  const t = useTranslations("reminders");
  const scheduled = reminder.status === "scheduled";
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={label}>
      {scheduled && onEdit && reminder.recipient !== "owner" && (
        <Button size="sm" variant="outline" onClick={() => onEdit(reminder)}>
          {t("edit")}
        </Button>
      )}
      {scheduled && reminder.deliveryMethod !== "email" && (
        <Button size="sm" variant="outline" onClick={() => actions.send(reminder.id)}>
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
    </div>
  );
}
