"use client";

import { useTranslations } from "next-intl";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { ReminderUser } from "@/lib/reminders/types";
import { NextOccurrencesLine } from "./next-occurrences-line";
import { ScheduleWordsLine } from "./schedule-words-line";
import { OnceFields, RecurringFields } from "./reminder-schedule-fields";
import type { ReminderFormState } from "./reminder-form-state";

/**
 * When: one-time or recurring, its fields, the next occurrences, and whose clock the times are
 * on (the user's, or each member's for a group at the same local time).
 */
export function ScheduleSection({
  state,
  update,
  user,
  today,
  occurrencesSent,
}: {
  state: ReminderFormState;
  update(patch: Partial<ReminderFormState>): void;
  user: Pick<ReminderUser, "timezone" | "recurringAllowed">;
  today: string;
  occurrencesSent?: number;
}) {
  const t = useTranslations("reminderForm");
  const tGroups = useTranslations("groupReminders");
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("scheduleType")}</legend>
        <RadioGroup
          value={state.scheduleType}
          onValueChange={(value) => update({ scheduleType: value as ReminderFormState["scheduleType"] })}
          className="flex gap-4"
        >
          <label className="flex items-center gap-1.5 text-sm">
            <RadioGroupItem value="once" />
            {t("once")}
          </label>
          <label className="flex items-center gap-1.5 text-sm">
            <RadioGroupItem value="recurring" disabled={!user.recurringAllowed} />
            {t("recurring")}
          </label>
        </RadioGroup>
        {!user.recurringAllowed && <p className="text-sm text-muted-foreground">{t("recurringPaid")}</p>}
      </fieldset>
      {state.scheduleType === "once" ? (
        <OnceFields state={state} update={update} today={today} />
      ) : (
        <RecurringFields state={state} update={update} today={today} />
      )}
      <ScheduleWordsLine state={state} />
      <NextOccurrencesLine state={state} timeZone={user.timezone} occurrencesSent={occurrencesSent} />
      <p className="text-xs text-muted-foreground">
        {state.recipient === "group" && state.groupTiming === "local_time"
          ? tGroups("timing.note")
          : t("timezoneNote", { timezone: user.timezone })}
      </p>
    </>
  );
}
