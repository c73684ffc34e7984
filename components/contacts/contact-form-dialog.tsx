"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import type { CountryCode } from "libphonenumber-js";
import { toast } from "sonner";
import { ImageUploadButton } from "@/components/upload/image-upload-button";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError, FieldErrorsContext, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { AuthorshipLines } from "@/components/trail/authorship-lines";
import { Label } from "@/components/ui/label";
import { initialsOf, type ContactView } from "@/lib/contacts/contact-view";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { LOCALES, type Locale } from "@/i18n/locales";
import { defaultContactLocale } from "@/lib/contacts/phone-language";
import { FEATURED_TIME_ZONES, allTimeZones } from "@/lib/time/time-zones";
import { formatPhone, toE164 } from "@/lib/validations/phone";
import { ApiRequestError, apiRequest } from "@/lib/api-client/request";
import { fieldProblemsOf } from "@/lib/api-client/field-problems";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import { AVATAR_MAX_BYTES } from "@/config/uploads";
import { buildContactSchema, type ContactFormValues } from "@/lib/validations/contact";
import { ContactDatesField } from "./contact-dates-field";
import { CONTACT_FORM_FOCUS_ID, type ContactFormFocus } from "./contact-form-focus";
import { ContactFormOptOuts } from "./contact-opt-outs";
import { useContactMessage } from "./use-contact-message";
import { WhatsAppConsentField } from "./whatsapp-consent-field";

type AvatarChange =
  { kind: "keep" } | { kind: "remove" } | { kind: "new"; uploadURL: string; preview: string };

export interface ContactFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The contact being edited; absent to add one. */
  contact?: ContactView;
  defaultCountry?: CountryCode;
  /** The owner's zone and language: what "automatic" means for a contact. */
  ownerTimezone: string;
  ownerLocale: Locale;
  onSaved(): void;
  /** The server refused a new contact because the plan's limit is reached. */
  onLimitReached(): void;
  /** The field focused on opening (a reminder's fix: the missing phone, the WhatsApp opt-in). */
  focus?: ContactFormFocus;
}

const FIELDS = ["name", "email", "phone", "relationship"] as const;
/** The request paths the form has a control for: a refusal of one shows under it. */
const FIELD_PATH =
  /^(name|email|phone|relationship|timezone|locale|whatsappConsentSource|dates\.\d+\.(label|month|day|year))$/;
const SELECT_CLASS =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** Add Contact and Edit Contact: one form, validated by the same schema as the server. */
export function ContactFormDialog(props: ContactFormDialogProps) {
  const t = useTranslations("contactForm");
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {/* Centred without a transform: the photo dialog inside is position: fixed to the viewport. */}
      <DialogContent
        className="inset-0 m-auto h-fit max-h-[92vh] translate-none overflow-y-auto"
        onOpenAutoFocus={(event) => {
          const field = props.focus && document.getElementById(CONTACT_FORM_FOCUS_ID[props.focus]);
          if (!field) return;
          event.preventDefault();
          field.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{props.contact ? t("editTitle") : t("addTitle")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
          <AuthorshipLines authorship={props.contact?.authorship} />
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the contact's values. */}
        <ContactForm {...props} />
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({
  onOpenChange,
  contact,
  defaultCountry,
  ownerTimezone,
  ownerLocale,
  onSaved,
  onLimitReached,
}: ContactFormDialogProps) {
  const t = useTranslations("contactForm");
  const tc = useTranslations("contacts");
  const tl = useTranslations("language");
  const message = useContactMessage();
  const errorText = useApiErrorText();
  const schema = useMemo(() => buildContactSchema({ defaultCountry }), [defaultCountry]);
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: contact?.name ?? "",
      email: contact?.emailDisplay ?? contact?.email ?? "",
      phone: contact?.phone ? formatPhone(contact.phone) : "",
      relationship: contact?.relationship ?? "",
      whatsappConsentSource: (contact?.whatsappConsentSource ??
        "") as ContactFormValues["whatsappConsentSource"],
      timezone: contact?.timezone ?? "",
      // "" is Automatic: the phone's country's language, else the owner's (set when saved).
      locale: contact?.locale ?? "",
      // The fields a date is sent with (its id keeps it); the view's extras stay behind.
      dates: (contact?.dates ?? []).map((d) => ({
        id: d.id,
        kind: d.kind,
        label: d.label ?? "",
        month: d.month,
        day: d.day,
        year: d.year ?? "",
      })),
    },
  });
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: "keep" });
  const watchedName = useWatch({ control: form.control, name: "name" });
  const watchedPhone = useWatch({ control: form.control, name: "phone" });
  const watchedE164 = watchedPhone ? toE164(watchedPhone, defaultCountry) : null;
  const automaticZone = recipientTimeZone({ timezone: null, phone: watchedE164 }, ownerTimezone);
  const automaticLocale = defaultContactLocale(watchedE164, ownerLocale);
  const allZones = useMemo(() => new Set(allTimeZones()), []);
  const otherZones = useMemo(
    () => [...allZones].filter((zone) => !(FEATURED_TIME_ZONES as readonly string[]).includes(zone)),
    [allZones],
  );
  const preview = avatar.kind === "new" ? avatar.preview : null;
  // The local preview of a new photo is released when replaced or when the form closes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const tu = useTranslations("upload");
  const onUploaded = useCallback(
    (uploadURL: string, file: Blob) => {
      setAvatar({ kind: "new", uploadURL, preview: URL.createObjectURL(file) });
      toast.success(tu("imageUploaded"), { description: tu("imageUploadedDescription") });
    },
    [tu],
  );

  const submit = form.handleSubmit(async (values) => {
    const fields = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      relationship: values.relationship,
      // "" (not recorded) clears the opt-in; an unchanged source keeps its recorded date.
      whatsappConsentSource: values.whatsappConsentSource || null,
      timezone: values.timezone || null,
      locale: values.locale || null,
      // The whole set: kept dates carry their id, so the reminders made from them stay.
      dates: values.dates ?? [],
    };
    try {
      let id = contact?.id;
      if (contact) {
        await apiRequest("PUT", `/api/contacts/${contact.id}`, {
          ...Object.fromEntries(FIELDS.map((f) => [f, fields[f] || null])),
          whatsappConsentSource: fields.whatsappConsentSource,
          timezone: fields.timezone,
          locale: fields.locale,
          dates: fields.dates,
          ...(avatar.kind === "remove" ? { avatarUrl: null } : {}),
        });
      } else {
        id = (await apiRequest<ContactView>("POST", "/api/contacts", fields)).id;
      }
      if (avatar.kind === "new" && id) {
        try {
          await apiRequest("PUT", `/api/contacts/${id}/avatar`, { avatarUrl: avatar.uploadURL });
        } catch (error) {
          // An unchecked upload is never attached: the contact keeps its previous photo.
          toast.error(t("avatarFailed"), { description: message(error) });
        }
      }
      toast.success(contact ? tc("contactUpdated") : tc("contactAdded"));
      onOpenChange(false);
      onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.code === "contact_limit") {
        onOpenChange(false);
        onLimitReached();
        return;
      }
      // A refusal of a field shows under it, the first one focused; the rest as a toast.
      const problems = fieldProblemsOf(error)
        .map((problem) => ({
          ...problem,
          path: problem.path === "whatsappConsentAt" ? "whatsappConsentSource" : problem.path,
        }))
        .filter((problem) => FIELD_PATH.test(problem.path));
      problems.forEach((problem, index) =>
        form.setError(
          problem.path as Parameters<typeof form.setError>[0],
          { type: "server", message: errorText(problem) },
          { shouldFocus: index === 0 },
        ),
      );
      if (problems.length === 0) toast.error(tc("error"), { description: message(error) });
    }
  });

  type ErrorField = (typeof FIELDS)[number] | "timezone" | "locale" | "whatsappConsentSource";
  const errorOf = (field: ErrorField) => {
    const text = form.formState.errors[field]?.message;
    return text ? message(text) : undefined;
  };
  // The shared field-error pieces read the errors by control id.
  const controlErrors = {
    "contact-whatsapp-consent": errorOf("whatsappConsentSource"),
    "contact-locale": errorOf("locale"),
  };
  const currentAvatar =
    avatar.kind === "keep" ? contact?.avatarUrl : avatar.kind === "new" ? avatar.preview : null;
  const labels = { name: t("name"), email: t("email"), phone: t("phone"), relationship: t("relationship") };
  const placeholders = {
    name: t("namePlaceholder"),
    email: t("emailPlaceholder"),
    phone: t("phonePlaceholder"),
    relationship: t("relationshipPlaceholder"),
  };
  const pending = form.formState.isSubmitting;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="flex items-center gap-4">
        <Avatar className="size-16">
          {currentAvatar ? <AvatarImage src={currentAvatar} alt={t("photo")} /> : null}
          <AvatarFallback className="text-lg">{initialsOf(watchedName || "?")}</AvatarFallback>
        </Avatar>
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <ImageUploadButton
              variant="outline"
              size="sm"
              maxFileSize={AVATAR_MAX_BYTES}
              onComplete={onUploaded}
            >
              {currentAvatar ? t("changePhoto") : t("uploadPhoto")}
            </ImageUploadButton>
            {currentAvatar ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setAvatar({ kind: "remove" })}>
                {t("remove")}
              </Button>
            ) : null}
          </div>
          {avatar.kind === "new" ? (
            <p className="text-xs text-muted-foreground" data-testid="photo-pending">
              {t("photoPending")}
            </p>
          ) : null}
        </div>
      </div>
      {FIELDS.map((field) => {
        const error = errorOf(field);
        const id = `contact-${field}`;
        return (
          <div key={field} className="grid gap-2">
            <Label htmlFor={id}>{labels[field]}</Label>
            <Input
              id={id}
              type={field === "email" ? "email" : field === "phone" ? "tel" : "text"}
              placeholder={placeholders[field]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register(field)}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <FieldErrorsContext value={controlErrors}>
        <WhatsAppConsentField
          registration={form.register("whatsappConsentSource", {
            setValueAs: (value: string) => value || null,
          })}
          recordedAt={contact?.whatsappConsentAt ?? null}
        />
      </FieldErrorsContext>
      <ContactFormOptOuts contact={contact} />
      <div className="grid gap-2">
        <Label htmlFor="contact-timezone">{t("timezone")}</Label>
        <select
          id="contact-timezone"
          className={SELECT_CLASS}
          aria-describedby={`contact-timezone-hint${errorOf("timezone") ? " contact-timezone-error" : ""}`}
          aria-invalid={errorOf("timezone") ? true : undefined}
          {...form.register("timezone")}
        >
          <option value="">{t("timezoneAuto", { zone: automaticZone })}</option>
          {/* A saved zone this browser does not list (another name of it) stays selectable. */}
          {contact?.timezone && !allZones.has(contact.timezone) ? (
            <option value={contact.timezone}>{contact.timezone}</option>
          ) : null}
          <optgroup label={t("commonZones")}>
            {FEATURED_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("allZones")}>
            {otherZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </optgroup>
        </select>
        <p id="contact-timezone-hint" className="text-xs text-muted-foreground">
          {t("timezoneHint")}
        </p>
        {errorOf("timezone") ? (
          <p id="contact-timezone-error" role="alert" className="text-sm text-destructive">
            {errorOf("timezone")}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-locale">{t("language")}</Label>
        <select
          id="contact-locale"
          className={SELECT_CLASS}
          {...fieldAria(controlErrors, "contact-locale", "contact-locale-hint")}
          {...form.register("locale")}
        >
          <option value="">{t("languageAuto", { language: tl(`names.${automaticLocale}`) })}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {tl(`names.${locale}`)}
            </option>
          ))}
        </select>
        <p id="contact-locale-hint" className="text-xs text-muted-foreground">
          {t("languageHint")}
        </p>
        <FieldError htmlFor="contact-locale" text={controlErrors["contact-locale"]} />
      </div>
      <ContactDatesField
        control={form.control}
        register={form.register}
        errors={form.formState.errors}
        message={message}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
