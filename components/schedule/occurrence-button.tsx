"use client";

import { useLocale, useTranslations } from "next-intl";
import type { DeliveryMethod } from "@/db/schema/enums";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { recipientName, type RemindersTranslate } from "@/lib/reminders/recipient-name";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { cn } from "@/lib/utils";

// One hue per channel, always beside the channel's name (colour is never the only cue). Text
// is the hue's 950 on its 50 (light) or its 50 on its 950 (dark): far above AA's 4.5:1.
const CHANNEL_STYLES: Record<DeliveryMethod, string> = {
  email: "border-sky-600 bg-sky-50 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50",
  sms: "border-violet-600 bg-violet-50 text-violet-950 dark:border-violet-400 dark:bg-violet-950 dark:text-violet-50",
  whatsapp:
    "border-emerald-600 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50",
  call: "border-amber-600 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50",
};

function channelOf(value: string): DeliveryMethod {
  return value in CHANNEL_STYLES ? (value as DeliveryMethod) : "email";
}

/**
 * One occurrence, coloured by its channel and naming it: its time in the user's zone, who it
 * goes to and the channel. `compact` is a grid cell's two short lines, time and name then the
 * channel (out of the Tab order: the grid's day cell is the stop, and Enter lists the day);
 * otherwise one row with the message.
 */
export function OccurrenceButton({
  reminder,
  at,
  timeZone,
  compact = false,
  onOpen,
}: {
  reminder: ReminderDto;
  at: string;
  timeZone: string;
  compact?: boolean;
  onOpen: (reminder: ReminderDto) => void;
}) {
  const t = useTranslations("schedule");
  const methods = useTranslations("reminderForm.methods");
  const reminders = useTranslations("reminders");
  const locale = useLocale();
  const channel = channelOf(reminder.deliveryMethod);
  const time = formatInZone(at, "time", timeZone, locale);
  const name = recipientName(reminder, reminders as unknown as RemindersTranslate);
  const channelName = methods(channel);
  // A cell is narrow: the channel's short name ("Call"), always whole on its own line.
  const shortChannel = t(`calendar.channels.${channel}`);
  const style = cn("w-full rounded-md border-l-4 text-left", CHANNEL_STYLES[channel]);
  if (compact) {
    return (
      <button
        type="button"
        tabIndex={-1}
        title={`${time} · ${name} · ${channelName}`}
        className={cn(style, "block px-1.5 py-0.5 text-xs leading-tight hover:underline")}
        onClick={() => onOpen(reminder)}
        data-testid="calendar-occurrence"
        data-channel={channel}
      >
        <span className="block truncate">
          <span className="font-semibold tabular-nums">{time}</span> {name}
        </span>
        <span className="block truncate text-[0.6875rem] font-medium">{shortChannel}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={cn(style, "flex items-center gap-3 px-3 py-2 text-sm hover:underline")}
      onClick={() => onOpen(reminder)}
      data-testid="calendar-occurrence"
      data-channel={channel}
    >
      <span className="w-16 shrink-0 font-semibold tabular-nums">{time}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{name}</span>
        <span className="block truncate text-xs">
          {(reminder.messageText ?? reminder.message) ||
            t("typeReminder", { type: reminders(`types.${reminder.type as "text"}`) })}
        </span>
      </span>
      <span className="shrink-0 text-xs font-semibold">{channelName}</span>
    </button>
  );
}
