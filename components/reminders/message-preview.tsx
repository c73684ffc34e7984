"use client";

import { useLocale, useTranslations } from "next-intl";
import type { DeliveryMethod, MediaKind } from "@/db/schema/enums";
import { isLocale, type Locale } from "@/i18n/locales";
import { previewMessage } from "@/lib/messages/preview-message";
import { fieldList, fieldToken } from "@/lib/messages/field-names";
import { usesField } from "@/lib/messages/render-fields";
import type { ContactOption, ReminderUser } from "@/lib/reminders/types";
import { messageFieldsProblem } from "@/lib/validations/message-fields";

type FieldsProblem = NonNullable<ReturnType<typeof messageFieldsProblem>>;

/** The translated text of a message's field mistake, naming the fields in the screen's language. */
export function useFieldsProblemText() {
  const t = useTranslations("messagePreview");
  const locale = useLocale();
  return (problem: FieldsProblem) =>
    problem.code === "unknown_fields"
      ? t("unknownFields", {
          count: problem.fields.length,
          fields: problem.fields.map((field) => `{${field}}`).join(", "),
          list: fieldList(locale),
        })
      : t("ageNeedsYear", { age: fieldToken("age", locale) });
}

interface MessagePreviewProps {
  message: string;
  channel: DeliveryMethod;
  contact: ContactOption | undefined;
  user: ReminderUser;
  /** The occurrence's local day (YYYY-MM-DD), or "" when none is chosen yet. */
  date: string;
  today: string;
  /** Whether `{age}` is left to the server (an edited reminder may come from a contact date). */
  allowAge?: boolean;
  askConfirmation?: boolean;
  /** Voice and video reminders: their clip's kind (a call plays a voice clip). */
  recording?: MediaKind;
  /** To a group: each member gets it in their own language, with their own name. */
  group?: boolean;
}

const civil = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  return { year, month, day: date };
};

/** What the chosen channel will send, built by the engine's own composition (lib/messages). */
export function MessagePreview(props: MessagePreviewProps) {
  const { message, channel, contact, user, date, today, allowAge, askConfirmation, recording, group } = props;
  const t = useTranslations("messagePreview");
  const tGroups = useTranslations("groupReminders.preview");
  const uiLocale = useLocale();
  const problemText = useFieldsProblemText();
  const locale: Locale = isLocale(contact?.locale) ? contact.locale : user.locale;
  const languageName = new Intl.DisplayNames([uiLocale], { type: "language" }).of(locale) ?? locale;
  const contactName = contact?.name ?? t("exampleContact");
  const preview = previewMessage({
    channel,
    message,
    contactName,
    senderName: user.senderName,
    locale,
    occurrenceDate: civil(date || today),
    askConfirmation,
    recording,
    texts: user.deliveryTexts,
  });
  const problem = messageFieldsProblem(message, { allowAge });
  const notes = [
    !contact && (group ? tGroups("exampleNote") : t("exampleContactNote")),
    !date && usesField(message, "date") && t("exampleDateNote", { date: fieldToken("date", uiLocale) }),
  ].filter(Boolean);

  return (
    <section aria-labelledby="message-preview-heading" className="grid gap-2 rounded-md border p-3 text-sm">
      <h3 id="message-preview-heading" className="font-medium">
        {t("heading", { channel })}
      </h3>
      {/* The recipient's language: their fixed lines and {date} are written in it. */}
      <p className="text-muted-foreground" data-testid="message-language">
        {contact
          ? t("contactLanguage", { name: contact.name, language: languageName })
          : group
            ? tGroups("language", { language: languageName })
            : t("exampleLanguage", { language: languageName })}
      </p>
      {problem && (
        <p role="alert" className="text-destructive" data-testid="message-fields-problem">
          {problemText(problem)}
        </p>
      )}
      <div aria-live="polite" className="grid gap-2" data-testid="message-preview">
        {preview.channel === "email" && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">{t("from")}</dt>
            <dd>{preview.fromName}</dd>
            <dt className="text-muted-foreground">{t("subject")}</dt>
            <dd>{preview.subject}</dd>
            <dd className="col-span-2 mt-1 whitespace-pre-wrap break-words rounded bg-muted p-2">
              {`${preview.greeting}\n\n${preview.body}\n\n${preview.signature}`}
            </dd>
          </dl>
        )}
        {preview.channel === "sms" && preview.sms && (
          <>
            <p className="whitespace-pre-wrap break-words rounded bg-muted p-2">{preview.text}</p>
            {/* How many messages it travels as; a text outside the plain alphabet fits fewer characters in each. */}
            <p data-testid="sms-segments" className="font-medium">
              {t("segments", {
                segments: preview.sms.segments,
                shorter: preview.sms.encoding === "UCS-2" ? "yes" : "no",
              })}
            </p>
            <p className="text-xs text-muted-foreground">
              {t("length", { units: preview.sms.units, perSegment: preview.sms.perSegment })}
            </p>
          </>
        )}
        {preview.channel === "call" && (
          // What the contact hears, line by line, spoken by the voice of their language.
          <ol className="grid gap-1 rounded bg-muted p-2" data-testid="call-script">
            <li className="break-words">{preview.greeting}</li>
            <li className="break-words whitespace-pre-wrap">
              {preview.text ?? <em className="text-muted-foreground">{t("callRecording")}</em>}
            </li>
            <li className="break-words">{preview.prompt}</li>
            <li className="break-words">{preview.goodbye}</li>
          </ol>
        )}
        {preview.channel === "call" && (
          <p className="text-xs text-muted-foreground">{t("callMachineNote")}</p>
        )}
        {preview.channel === "whatsapp" && (
          <>
            <p data-testid="whatsapp-template">
              {t("template", { language: t(`languages.${preview.templateLocale ?? locale}`) })}
            </p>
            {preview.template.ok ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">{t("from")}</dt>
                <dd>{preview.template.variables["1"]}</dd>
                <dt className="text-muted-foreground">{t("whatsappMessage")}</dt>
                <dd className="break-words whitespace-pre-wrap">{preview.template.variables["2"]}</dd>
              </dl>
            ) : (
              <p className="text-destructive">{t("tooLong")}</p>
            )}
            {locale !== "en" && <p className="text-xs text-muted-foreground">{t("templateFallback")}</p>}
          </>
        )}
      </div>
      {notes.map((note) => (
        <p key={String(note)} className="text-xs text-muted-foreground">
          {note}
        </p>
      ))}
    </section>
  );
}
