"use client";

import { useId, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiRequestError, apiRequest } from "@/lib/api-client/request";
import { settingsFormSchema, toUpdateUserBody, type SettingsFormValues } from "@/lib/validations/settings";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

type Field = keyof SettingsFormValues;

export function SettingsForm({
  email,
  initial,
  featuredZones,
  otherZones,
}: {
  email: string;
  initial: SettingsFormValues;
  featuredZones: readonly string[];
  otherZones: readonly string[];
}) {
  const t = useTranslations("settings");
  const errorText = useApiErrorText();
  const router = useRouter();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [zoneQuery, setZoneQuery] = useState("");

  const matches = (zone: string) =>
    zone.toLowerCase().includes(zoneQuery.trim().toLowerCase().replace(/\s+/g, "_"));
  const featured = useMemo(() => featuredZones.filter(matches), [featuredZones, zoneQuery]); // eslint-disable-line react-hooks/exhaustive-deps
  const others = useMemo(() => otherZones.filter(matches), [otherZones, zoneQuery]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = settingsFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] =
          field === "senderName"
            ? t("senderNameTooLong")
            : field === "timezone"
              ? t("invalidTimezone")
              : t("tooLong");
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await apiRequest("PATCH", "/api/auth/user", toUpdateUserBody(parsed.data));
      toast.success(t("saved"));
      router.refresh();
    } catch (error) {
      // The phone is checked on the server only (the phone library stays out of this page).
      if (error instanceof ApiRequestError && error.status === 400 && error.code === "invalid_phone") {
        setErrors({ phone: t("invalidPhone") });
        document.getElementById(`${id}-phone`)?.focus();
        return;
      }
      toast.error(t("errorTitle"), { description: errorText(error) });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: set(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
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
        <Input
          {...field("senderName")}
          aria-describedby={`${id}-senderName-hint${errors.senderName ? ` ${id}-senderName-error` : ""}`}
        />
        <p id={`${id}-senderName-hint`} className="text-sm text-muted-foreground">
          {t("senderNameHint")}
        </p>
        {error("senderName")}
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-phone`}>{t("phone")}</Label>
        <Input
          type="tel"
          autoComplete="tel"
          {...field("phone")}
          aria-describedby={`${id}-phone-hint${errors.phone ? ` ${id}-phone-error` : ""}`}
        />
        <p id={`${id}-phone-hint`} className="text-sm text-muted-foreground">
          {t("phoneHint")}
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
  );
}
