"use client";

import { ListedMessage } from "@/components/reminders/listed-message";
import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { FailureReasonLine } from "@/components/delivery-log/failure-reason-line";
import { HistoryButton } from "@/components/delivery-log/history-button";
import { ReminderActionButtons } from "@/components/reminders/reminder-action-buttons";
import { StatusBadge } from "@/components/reminders/status-badge";
import { useReminderActions } from "@/components/reminders/use-reminder-actions";
import { formatNearDate } from "@/lib/reminders/format-in-zone";
import { recipientName, type RemindersTranslate } from "@/lib/reminders/recipient-name";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";

/** The dashboard's first five reminders, or an example card when there are none; actions really work. */
export function RecentReminders({ reminders, timeZone }: { reminders: ReminderDto[]; timeZone: string }) {
  const t = useTranslations("reminders");
  const d = useTranslations("dashboard");
  const form = useTranslations("reminderForm");
  const recurrence = useTranslations("recurrence");
  const locale = useLocale();
  const actions = useReminderActions();

  if (reminders.length === 0) {
    return (
      <div className="space-y-2 rounded-lg border border-dashed p-4" data-testid="example-reminder">
        <div className="flex items-center gap-2">
          <span className="font-medium">{d("exampleRecipient")}</span>
          <Badge variant="outline">{d("exampleBadge")}</Badge>
        </div>
        <p className="text-sm">{d("exampleMessage")}</p>
        <p className="text-sm text-muted-foreground">{d("exampleHint")}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {reminders.map((reminder) => {
        const type = t(`types.${reminder.type as "text"}`);
        const name = recipientName(reminder, t as unknown as RemindersTranslate);
        return (
          <li key={reminder.id} className="space-y-2 rounded-lg border p-4" data-testid="recent-reminder">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{name}</span>
              <StatusBadge status={reminder.status} label={t(`status.${reminder.status as "sent"}`)} />
              <Badge variant="outline">{form(`methods.${reminder.deliveryMethod as "sms"}`)}</Badge>
            </div>
            <p className="truncate text-sm">
              <ListedMessage reminder={reminder} fallback={t("typeReminder", { type })} />
            </p>
            <p className="text-sm text-muted-foreground">
              {reminder.scheduledFor
                ? formatNearDate(reminder.scheduledFor, "dateTime", timeZone, locale)
                : recurrence("notScheduled")}
            </p>
            {reminder.failure && <FailureReasonLine reason={reminder.failure} />}
            <div className="flex flex-wrap gap-2">
              <HistoryButton
                reminderId={reminder.id}
                contactName={name}
                timeZone={timeZone}
                group={reminder.groupId !== null}
              />
              <ReminderActionButtons reminder={reminder} actions={actions} timeZone={timeZone} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
