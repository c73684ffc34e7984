"use client";

import { useTranslations } from "next-intl";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";

/**
 * A reminder's message as a list shows it: filled for its reader (withMessageTexts), else as
 * written, else `fallback`. A group's message is filled for each member: it is shown as one member
 * reads it, and says so.
 */
export function ListedMessage({
  reminder,
  fallback,
}: {
  reminder: Pick<ReminderDto, "message" | "messageText" | "messageFor">;
  fallback: string;
}) {
  const t = useTranslations("reminders");
  const text = (reminder.messageText ?? reminder.message) || fallback;
  if (!reminder.messageFor) return <>{text}</>;
  return (
    <>
      {text}{" "}
      <span className="text-muted-foreground" data-testid="message-personalised">
        {t("personalisedFor", { name: reminder.messageFor })}
      </span>
    </>
  );
}
