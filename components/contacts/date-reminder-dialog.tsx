"use client";

import { useEffect, useMemo, useState } from "react";
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
import { ApiRequestError, apiRequest } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import type { ContactDateView, ContactView } from "@/lib/contacts/contact-view";
import { fieldTokens } from "@/lib/messages/field-names";
import { formatDayAndMonth } from "@/lib/messages/render-fields";
import { DEFAULT_TIME, nextOccurrences } from "@/lib/recurrence";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import {
  LEAD_CHOICES,
  type DateReminderInput,
  type DateReminderSettings,
} from "@/lib/validations/date-reminder";
import { TIME } from "@/lib/validations/reminder";
import type { Locale } from "@/i18n/locales";
import { useContactGreeting } from "./date-greetings";
import { dropDoubledStops } from "@/lib/messages/drop-doubled-stops";

export interface DateReminderDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  contact: ContactView;
  date: ContactDateView;
  /** Where the contact's reminder is sent from: their zone (else their phone's, else the user's). */
  contactZone: string;
  ownerZone: string;
  /** Called once the date's reminders changed (created or edited), or turned out to exist already. */
  onCreated(): void;
}

/**
 * "Yearly reminder" from a contact date: everything prefilled (09:00, the kind's greeting in the
 * contact's language, the contact's channel, a lead e-mail 7 days before), so Create is one click.
 * A date that has its yearly reminder opens it for editing instead (one per date).
 */
export function DateReminderDialog(props: DateReminderDialogProps) {
  const t = useTranslations("contactDates");
  const locale = useLocale();
  const editing = props.date.hasYearlyReminder;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(editing ? "editTitle" : "dialogTitle")}</DialogTitle>
          <DialogDescription>
            {t("dialogDescription", {
              name: props.contact.name,
              date: dateText(props.date, locale),
              channel: t(`channels.${props.contact.deliveryMethod}`),
            })}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts from the defaults, or the saved reminder. */}
        {props.open ? editing ? <SavedDateReminderForm {...props} /> : <DateReminderForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function dateText(date: ContactDateView, locale: string): string {
  return formatDayAndMonth({ year: 2000, month: date.month, day: date.day }, locale as Locale);
}

/** Edit mode: the date's yearly reminder as saved, then the same form. */
function SavedDateReminderForm(props: DateReminderDialogProps) {
  const t = useTranslations("contactDates");
  const [saved, setSaved] = useState<DateReminderSettings | "failed" | null>(null);
  const dateId = props.date.id;
  useEffect(() => {
    let live = true;
    apiRequest<DateReminderSettings>(
      "GET",
      `/api/reminders/from-date?contactDateId=${encodeURIComponent(dateId)}`,
    )
      .then((settings) => live && setSaved(settings))
      .catch(() => live && setSaved("failed"));
    return () => {
      live = false;
    };
  }, [dateId]);
  if (saved === null) return <p className="text-sm text-muted-foreground">{t("loading")}</p>;
  if (saved === "failed") return <p className="text-sm text-destructive">{t("loadFailed")}</p>;
  return <DateReminderForm {...props} saved={saved} />;
}

function DateReminderForm({
  contact,
  date,
  contactZone,
  ownerZone,
  onOpenChange,
  onCreated,
  saved,
}: DateReminderDialogProps & { saved?: DateReminderSettings }) {
  const t = useTranslations("contactDates");
  const tr = useTranslations("recurrence");
  const locale = useLocale();
  const errorText = useApiErrorText();
  // Fields stay as written in the message, in the screen's names; they are filled in at each send.
  const fields = fieldTokens(locale);
  const [time, setTime] = useState(saved?.time ?? DEFAULT_TIME);
  // The greeting goes to the contact: in their language, which the hint names.
  const contactGreeting = useContactGreeting(contact.locale, date.kind);
  const [message, setMessage] = useState(
    () => saved?.message ?? contactGreeting?.greeting ?? t(`messages.${date.kind}`, fields),
  );
  const messageLocale = contactGreeting?.locale ?? locale;
  const languageName = new Intl.DisplayNames([locale], { type: "language" }).of(messageLocale);
  const [leads, setLeads] = useState<Record<number, boolean>>(() =>
    saved
      ? Object.fromEntries(LEAD_CHOICES.map((days) => [days, saved.leadDays.includes(days)]))
      : { 7: true, 1: false },
  );
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
      // Leads the dialog does not offer (the API takes 1-60 days) stay as they are.
      leadDays: [
        ...LEAD_CHOICES.filter((days) => leads[days]),
        ...(saved?.leadDays.filter((days) => !(LEAD_CHOICES as readonly number[]).includes(days)) ?? []),
      ],
    };
    try {
      await apiRequest(saved ? "PUT" : "POST", "/api/reminders/from-date", body);
      toast.success(t(saved ? "saved" : "created"));
      onOpenChange(false);
      onCreated();
    } catch (error) {
      toast.error(errorText(error));
      // Made meanwhile (another tab): the card's button turns to "Edit yearly reminder".
      if (error instanceof ApiRequestError && error.code === "yearly_reminder_exists") {
        onOpenChange(false);
        onCreated();
      }
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
            {dropDoubledStops(
              t("messageLanguage", { name: contact.name, language: languageName ?? messageLocale }),
              { name: contact.name },
            )}
          </span>{" "}
          {t("fieldsHint", fields)}
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
          {saved ? (pending ? t("saving") : t("save")) : pending ? t("creating") : t("create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
