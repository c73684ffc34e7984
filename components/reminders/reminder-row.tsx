"use client";

import { ListedMessage } from "@/components/reminders/listed-message";
import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { FailureReasonLine } from "@/components/delivery-log/failure-reason-line";
import { HistoryButton } from "@/components/delivery-log/history-button";
import { AuthorshipLines } from "@/components/trail/authorship-lines";
import { recipientName, type RemindersTranslate } from "@/lib/reminders/recipient-name";
import { scheduleText, type RecurrenceTranslate } from "@/lib/reminders/schedule-text";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { ReminderActionButtons, type ReminderActions } from "./reminder-action-buttons";
import { StatusBadge } from "./status-badge";

export interface ReminderRowActions extends ReminderActions {
  edit(reminder: ReminderDto): void;
}

/**
 * One reminder: contact (or group and its member count), status, channel, message, schedule
 * text, who created and last changed it, and the actions its status allows.
 */
export function ReminderRow({
  reminder,
  timeZone,
  actions,
}: {
  reminder: ReminderDto;
  timeZone: string;
  actions: ReminderRowActions;
}) {
  const t = useTranslations("reminders");
  const form = useTranslations("reminderForm");
  const groups = useTranslations("groupReminders");
  const recurrence = useTranslations("recurrence");
  const locale = useLocale();
  const type = t(`types.${reminder.type as "text"}`);
  // A group reminder goes to its group: named, with its members counted.
  const toGroup = reminder.groupId !== null;
  const name = (toGroup && reminder.groupName) || recipientName(reminder, t as unknown as RemindersTranslate);
  const text = scheduleText(reminder, {
    t: recurrence as unknown as RecurrenceTranslate,
    locale,
    timeZone,
    now: new Date(),
  });
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center"
      data-testid="reminder-row"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{type}</Badge>
          <span className="font-medium">{name}</span>
          {toGroup && (
            <span className="text-sm text-muted-foreground" data-testid="member-count">
              {groups("memberCount", { count: reminder.memberCount ?? 0 })}
            </span>
          )}
          <StatusBadge status={reminder.status} label={t(`status.${reminder.status as "sent"}`)} />
          <Badge variant="outline">{form(`methods.${reminder.deliveryMethod as "sms"}`)}</Badge>
        </div>
        <p className="truncate text-sm">
          <ListedMessage reminder={reminder} fallback={t("typeMessage", { type })} />
        </p>
        <p className="text-sm text-muted-foreground" data-testid="schedule-text">
          {text}
        </p>
        {reminder.recipient === "owner" && (
          <p className="text-sm text-muted-foreground" data-testid="lead-line">
            {t("leadToYou", { days: reminder.leadDays ?? 0 })}
          </p>
        )}
        {reminder.failure && <FailureReasonLine reason={reminder.failure} />}
        <AuthorshipLines authorship={reminder.authorship} />
      </div>
      <div className="flex flex-wrap gap-2">
        <HistoryButton
          reminderId={reminder.id}
          contactName={name}
          timeZone={timeZone}
          group={toGroup}
          authorship={reminder.authorship}
        />
        <ReminderActionButtons
          reminder={reminder}
          actions={actions}
          onEdit={actions.edit}
          label={t("actionsFor", { name })}
          timeZone={timeZone}
        />
      </div>
    </li>
  );
}
