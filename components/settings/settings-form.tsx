"use client";

import { useId, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError, FieldErrorsContext, fieldAria } from "@/components/ui/field-error";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { apiRequest } from "@/lib/api-client/request";
import { settingsFormSchema, toUpdateUserBody, type SettingsFormValues } from "@/lib/validations/settings";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

type Field = keyof SettingsFormValues;
const FIELDS: readonly Field[] = ["firstName", "lastName", "senderName", "phone", "timezone"];

export function SettingsForm({
  email,
  initial,
  featuredZones,
  otherZones,
  phoneRegion,
}: {
  email: string;
  initial: SettingsFormValues;
  featuredZones: readonly string[];
  otherZones: readonly string[];
  /** The country contacts' national numbers are read in (phoneRegionOf), if known. */
  phoneRegion?: string;
}) {
  const t = useTranslations("settings");
  const locale = useLocale();
  const phoneCountry = phoneRegion && new Intl.DisplayNames([locale], { type: "region" }).of(phoneRegion);
  const errorText = useApiErrorText();
  const router = useRouter();
  const id = useId();
  const [values, setValues] = useState(initial);
  const controlId = (name: Field) => `${id}-${name}`;
  // The request's fields are the form's: a refusal of one shows under its control.
  const controls = useMemo(() => Object.fromEntries(FIELDS.map((name) => [name, `${id}-${name}`])), [id]);
  const fieldErrors = useFieldErrors(controls);
  const errors = fieldErrors.errors;
  const [saving, setSaving] = useState(false);
  const [zoneQuery, setZoneQuery] = useState("");

  const matches = (zone: string) =>
    zone.toLowerCase().includes(zoneQuery.trim().toLowerCase().replace(/\s+/g, "_"));
  const featured = useMemo(() => featuredZones.filter(matches), [featuredZones, zoneQuery]); // eslint-disable-line react-hooks/exhaustive-deps
  const others = useMemo(() => otherZones.filter(matches), [otherZones, zoneQuery]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    fieldErrors.clear(controlId(field));
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = settingsFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[controlId(field)] ??=
          field === "senderName"
            ? t("senderNameTooLong")
            : field === "timezone"
              ? t("invalidTimezone")
              : t("tooLong");
      }
      fieldErrors.setAll(next);
      return;
    }
    fieldErrors.clear();
    setSaving(true);
    try {
      await apiRequest("PATCH", "/api/auth/user", toUpdateUserBody(parsed.data));
      toast.success(t("saved"));
      router.refresh();
    } catch (error) {
      // A refusal of a field (the phone is checked on the server only) shows under it.
      if (!fieldErrors.show(error)) toast.error(t("errorTitle"), { description: errorText(error) });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Field, describedBy?: string) => ({
    id: controlId(name),
    value: values[name],
    onChange: set(name),
    ...fieldAria(errors, controlId(name), describedBy),
  });
  const error = (name: Field) => <FieldError htmlFor={controlId(name)} />;

  return (
    <FieldErrorsContext value={errors}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <div className="space-y-2">
          <Label htmlFor={`${id}-email`}>{t("email")}</Label>
          <Input id={`${id}-email`} value={email} readOnly aria-readonly className="bg-muted" />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-firstName`}>{t("firstName")}</Label>
            <Input autoComplete="given-name" {...field("firstName")} />
            {error("firstName")}
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-lastName`}>{t("lastName")}</Label>
            <Input autoComplete="family-name" {...field("lastName")} />
            {error("lastName")}
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-senderName`}>{t("senderName")}</Label>
          <Input {...field("senderName", `${id}-senderName-hint`)} />
          <p id={`${id}-senderName-hint`} className="text-sm text-muted-foreground">
            {t("senderNameHint")}
          </p>
          {error("senderName")}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-phone`}>{t("phone")}</Label>
          <Input type="tel" autoComplete="tel" {...field("phone", `${id}-phone-hint`)} />
          <p id={`${id}-phone-hint`} className="text-sm text-muted-foreground">
            {/* Nothing is sent to it: it tells which country contacts' national numbers are from. */}
            {phoneCountry ? t("phoneHintRegion", { country: phoneCountry }) : t("phoneHint")}
          </p>
          {error("phone")}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-timezone`}>{t("timezone")}</Label>
          <Input
            type="search"
            aria-label={t("timezoneSearch")}
            placeholder={t("timezoneSearch")}
            value={zoneQuery}
            onChange={(event) => setZoneQuery(event.target.value)}
          />
          <select
            {...field("timezone")}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {/* The saved zone stays selectable even when the search hides it. */}
            {![...featured, ...others].includes(values.timezone) && (
              <option value={values.timezone}>{values.timezone}</option>
            )}
            <optgroup label={t("commonZones")}>
              {featured.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("allZones")}>
              {others.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </optgroup>
          </select>
          {error("timezone")}
        </div>
        <Button type="submit" disabled={saving}>
          {saving ? t("saving") : t("save")}
        </Button>
      </form>
    </FieldErrorsContext>
  );
}
