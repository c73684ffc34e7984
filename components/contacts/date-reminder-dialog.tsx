"use client";

import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import type { ContactDateView, ContactView } from "@/lib/contacts/contact-view";
import { formatDayAndMonth } from "@/lib/messages/render-fields";
import { DEFAULT_TIME, nextOccurrences } from "@/lib/recurrence";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { LEAD_CHOICES, type DateReminderInput } from "@/lib/validations/date-reminder";
import { TIME } from "@/lib/validations/reminder";
import type { Locale } from "@/i18n/locales";
import { useContactGreeting } from "./date-greetings";

// Fields stay as written in the message; they are filled in at each send.
const FIELDS = { first_name: "{first_name}", age: "{age}", date: "{date}", name: "{name}" };

export interface DateReminderDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  contact: ContactView;
  date: ContactDateView;
  /** Where the contact's reminder is sent from: their zone (else their phone's, else the user's). */
  contactZone: string;
  ownerZone: string;
  onCreated(): void;
}

/**
 * "Yearly reminder" from a contact date: everything prefilled (09:00, the kind's greeting in the
 * contact's language, the contact's channel, a lead e-mail 7 days before), so Create is one click.
 */
export function DateReminderDialog(props: DateReminderDialogProps) {
  const t = useTranslations("contactDates");
  const locale = useLocale();
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("dialogTitle")}</DialogTitle>
          <DialogDescription>
            {t("dialogDescription", {
              name: props.contact.name,
              date: dateText(props.date, locale),
              channel: t(`channels.${props.contact.deliveryMethod}`),
            })}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts from the defaults. */}
        {props.open ? <DateReminderForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function dateText(date: ContactDateView, locale: string): string {
  return formatDayAndMonth({ year: 2000, month: date.month, day: date.day }, locale as Locale);
}

function DateReminderForm({
  contact,
  date,
  contactZone,
  ownerZone,
  onOpenChange,
  onCreated,
}: DateReminderDialogProps) {
  const t = useTranslations("contactDates");
  const tr = useTranslations("recurrence");
  const locale = useLocale();
  const errorText = useApiErrorText();
  const [time, setTime] = useState(DEFAULT_TIME);
  // The greeting goes to the contact: in their language, which the hint names.
  const contactGreeting = useContactGreeting(contact.locale, date.kind);
  const [message, setMessage] = useState(
    () => contactGreeting?.greeting ?? t(`messages.${date.kind}`, FIELDS),
  );
  const messageLocale = contactGreeting?.locale ?? locale;
  const languageName = new Intl.DisplayNames([locale], { type: "language" }).of(messageLocale);
  const [leads, setLeads] = useState<Record<number, boolean>>({ 7: true, 1: false });
  const [pending, setPending] = useState(false);

  const next = useMemo(() => {
    if (!TIME.test(time)) return null;
    const schedule = {
      scheduleType: "recurring" as const,
      frequency: "yearly" as const,
      time,
      month: date.month,
      dayOfMonth: date.day,
      timezone: contactZone,
    };
    const dates = nextOccurrences(schedule, new Date(), 3);
    return tr("next", {
      dates: dates.map((d) => formatInZone(d, "fullDateTime", contactZone, locale)).join(" · "),
    });
  }, [time, date.month, date.day, contactZone, tr, locale]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    const body: DateReminderInput = {
      contactDateId: date.id,
      time,
      message,
      leadDays: LEAD_CHOICES.filter((days) => leads[days]),
    };
    try {
      await apiRequest("POST", "/api/reminders/from-date", body);
      toast.success(t("created"));
      onOpenChange(false);
      onCreated();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" data-testid="date-reminder-form">
      <div className="grid gap-2">
        <Label htmlFor="date-reminder-time">{t("time")}</Label>
        <Input
          id="date-reminder-time"
          type="time"
          required
          value={time}
          onChange={(event) => setTime(event.target.value)}
          aria-describedby="date-reminder-time-hint"
        />
        <p id="date-reminder-time-hint" className="text-xs text-muted-foreground">
          {t("timeHint", { zone: contactZone })}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="date-reminder-message">{t("message")}</Label>
        <Textarea
          id="date-reminder-message"
          value={message}
          maxLength={1600}
          onChange={(event) => setMessage(event.target.value)}
          aria-describedby="date-reminder-message-hint"
        />
        <p id="date-reminder-message-hint" className="text-xs text-muted-foreground">
          <span data-testid="date-reminder-language">
            {t("messageLanguage", { name: contact.name, language: languageName ?? messageLocale })}
          </span>{" "}
          {t("fieldsHint", FIELDS)}
        </p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("leads")}</legend>
        {LEAD_CHOICES.map((days) => (
          <div key={days} className="flex items-center gap-2">
            <Checkbox
              id={`date-reminder-lead-${days}`}
              checked={leads[days] ?? false}
              onCheckedChange={(checked) => setLeads((current) => ({ ...current, [days]: checked === true }))}
            />
            <Label htmlFor={`date-reminder-lead-${days}`} className="font-normal">
              {t(days === 7 ? "lead7" : "lead1")}
            </Label>
          </div>
        ))}
        <p className="text-xs text-muted-foreground">{t("leadHint", { zone: ownerZone })}</p>
      </fieldset>
      {next ? (
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="next-occurrences">
          {next}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("creating") : t("create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
