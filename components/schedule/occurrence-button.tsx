"use client";

import { ListedMessage } from "@/components/reminders/listed-message";
import { useLocale, useTranslations } from "next-intl";
import { CircleCheck, CircleX, Clock, type LucideIcon } from "lucide-react";
import type { DeliveryMethod } from "@/db/schema/enums";
import type { OccurrenceStatus } from "@/lib/calendar/occurrence-status";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { recipientName, type RemindersTranslate } from "@/lib/reminders/recipient-name";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { cn } from "@/lib/utils";

// One hue per status, the reminders list's (scheduled amber, sent green, failed red), always with
// its icon and its word (colour is never the only cue). Text is the hue's 950 on its 50 (light)
// or its 50 on its 950 (dark): far above AA's 4.5:1.
export const STATUS_STYLES: Record<OccurrenceStatus, { className: string; Icon: LucideIcon }> = {
  scheduled: {
    className:
      "border-amber-600 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50",
    Icon: Clock,
  },
  sent: {
    className:
      "border-green-600 bg-green-50 text-green-950 dark:border-green-400 dark:bg-green-950 dark:text-green-50",
    Icon: CircleCheck,
  },
  failed: {
    className: "border-red-600 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50",
    Icon: CircleX,
  },
};

const CHANNELS: readonly DeliveryMethod[] = ["email", "sms", "whatsapp", "call"];
const channelOf = (value: string): DeliveryMethod =>
  CHANNELS.includes(value as DeliveryMethod) ? (value as DeliveryMethod) : "email";

/**
 * One occurrence, coloured by its status with the status's icon and word, naming its time in the
 * user's zone, who it goes to and the channel. `compact` is a grid cell's two short lines, time and name then the
 * channel (out of the Tab order: the grid's day cell is the stop, and Enter lists the day);
 * otherwise one row with the message.
 */
export function OccurrenceButton({
  reminder,
  at,
  status,
  timeZone,
  compact = false,
  onOpen,
}: {
  reminder: ReminderDto;
  at: string;
  status: OccurrenceStatus;
  timeZone: string;
  compact?: boolean;
  /** Absent for a role that may not write: the occurrence shows, as text, and opens nothing. */
  onOpen?: (reminder: ReminderDto) => void;
}) {
  const t = useTranslations("schedule");
  const methods = useTranslations("reminderForm.methods");
  const reminders = useTranslations("reminders");
  const statusName = reminders(`status.${status}`);
  const { className: statusStyle, Icon } = STATUS_STYLES[status];
  const locale = useLocale();
  const channel = channelOf(reminder.deliveryMethod);
  const time = formatInZone(at, "time", timeZone, locale);
  const name = recipientName(reminder, reminders as unknown as RemindersTranslate);
  const channelName = methods(channel);
  // A cell is narrow: the channel's short name ("Call"), always whole on its own line.
  const shortChannel = t(`calendar.channels.${channel}`);
  const style = cn("w-full rounded-md border-l-4 text-left", statusStyle);
  const icon = <Icon className="inline size-3.5 shrink-0 align-[-0.125em]" aria-hidden="true" />;
  // A button that opens the reminder, or the same box as text when there is nothing to open.
  const Box = onOpen ? "button" : "div";
  const open = onOpen && { type: "button" as const, onClick: () => onOpen(reminder) };
  if (compact) {
    return (
      <Box
        {...open}
        tabIndex={onOpen ? -1 : undefined}
        title={`${time} · ${name} · ${channelName} · ${statusName}`}
        className={cn(style, "block px-1.5 py-0.5 text-xs leading-tight", onOpen && "hover:underline")}
        data-testid="calendar-occurrence"
        data-channel={channel}
        data-status={status}
      >
        <span className="block truncate">
          <span className="font-semibold tabular-nums">{time}</span> {name}
        </span>
        <span className="block truncate text-[0.6875rem] font-medium">
          {icon} {shortChannel}
          <span className="sr-only"> · {statusName}</span>
        </span>
      </Box>
    );
  }
  return (
    <Box
      {...open}
      className={cn(style, "flex items-center gap-3 px-3 py-2 text-sm", onOpen && "hover:underline")}
      data-testid="calendar-occurrence"
      data-channel={channel}
      data-status={status}
    >
      <span className="w-16 shrink-0 font-semibold tabular-nums">{time}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{name}</span>
        <span className="block truncate text-xs">
          <ListedMessage
            reminder={reminder}
            fallback={t("typeReminder", { type: reminders(`types.${reminder.type as "text"}`) })}
          />
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end text-xs">
        <span className="font-semibold">{channelName}</span>
        <span className="flex items-center gap-1">
          {icon}
          {statusName}
        </span>
      </span>
    </Box>
  );
}
