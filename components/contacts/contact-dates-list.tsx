"use client";

import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { CalendarHeart } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/layout/permissions";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import type { ContactDateView, ContactView } from "@/lib/contacts/contact-view";
import { ageOn, formatDayAndMonth } from "@/lib/messages/render-fields";
import type { Locale } from "@/i18n/locales";
import { DateReminderDialog } from "./date-reminder-dialog";

/**
 * The contact's dates on their card, each with the age it comes to and "Yearly reminder" (or
 * "Edit yearly reminder" once the date has one).
 */
export function ContactDatesList({
  contact,
  ownerTimezone,
  onChanged,
}: {
  contact: ContactView;
  ownerTimezone: string;
  onChanged(): void;
}) {
  const t = useTranslations("contactDates");
  const locale = useLocale() as Locale;
  const canWrite = useCan("write");
  const [chosen, setChosen] = useState<ContactDateView | null>(null);
  const today = useMemo(() => {
    const now = new Date();
    return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
  }, []);
  if (!contact.dates?.length) return null;
  const contactZone = recipientTimeZone(contact, ownerTimezone);
  return (
    <>
      <ul className="grid min-w-0 gap-1 text-sm" aria-label={t("title")} data-testid="contact-dates-list">
        {contact.dates.map((date) => {
          const name = date.kind === "custom" ? (date.label ?? "") : t(`kinds.${date.kind}`);
          const day = formatDayAndMonth({ year: 2000, month: date.month, day: date.day }, locale);
          const age = ageOn(date, today);
          const ageText =
            age === null ? null : date.kind === "birthday" ? t("age", { age }) : t("years", { age });
          return (
            // Wraps on a narrow card: the button goes under the date rather than past the edge.
            <li key={date.id} className="flex min-w-0 flex-wrap items-center gap-x-2">
              <CalendarHeart className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 grow basis-40 break-words">
                <span className="font-medium">{name}</span>: {day}
                {ageText ? <span className="text-muted-foreground"> · {ageText}</span> : null}
              </span>
              {/* One yearly reminder per date: once it exists, the button edits it. */}
              {canWrite && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t(date.hasYearlyReminder ? "editReminderLabel" : "createReminderLabel", {
                    name: contact.name,
                    date: `${name}, ${day}`,
                  })}
                  onClick={() => setChosen(date)}
                >
                  {t(date.hasYearlyReminder ? "editReminder" : "createReminder")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {chosen ? (
        <DateReminderDialog
          open
          onOpenChange={(open) => (open ? null : setChosen(null))}
          contact={contact}
          date={chosen}
          contactZone={contactZone}
          ownerZone={ownerTimezone}
          onCreated={onChanged}
        />
      ) : null}
    </>
  );
}
