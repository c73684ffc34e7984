"use client";

import { useId, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FieldError, FieldErrorsContext, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import type { DeliveryMethod } from "@/db/schema/enums";
import { preferencesSaveSchema, type PreferencesChoices } from "@/lib/validations/preferences";
import { ChannelOrder } from "./channel-order";
import { usePreferencesAction } from "./use-preferences-action";

type Field = Exclude<keyof PreferencesChoices, "channels">;
const FIELDS = ["notBefore", "notAfter", "timeZone", "pausedUntil"] as const satisfies readonly Field[];

/**
 * The contact's choices, saved together: the channels they accept and their order, the hours
 * they accept messages in (in their zone, which they can change), and a pause. Checked here with
 * the request's own schema, then on the server; a refusal shows under its field and changes nothing.
 */
export function ChoicesForm({
  token,
  sender,
  choosable,
  whatsappConsented,
  initial,
  derivedZone,
  featuredZones,
  otherZones,
  pauseMin,
  pauseMax,
}: {
  token: string;
  sender: string;
  choosable: readonly DeliveryMethod[];
  whatsappConsented: boolean;
  initial: PreferencesChoices;
  derivedZone: string;
  featuredZones: readonly string[];
  otherZones: readonly string[];
  pauseMin: string;
  pauseMax: string;
}) {
  const t = useTranslations("preferencesPage");
  const id = useId();
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(false);
  const { run, pending, error } = usePreferencesAction(token);
  // The request's fields are the form's controls: a refusal of one shows under it.
  const controls = useMemo(
    () =>
      Object.fromEntries(["channels", ...FIELDS].map((field) => [field, `${id}-${field}`])) as Record<
        "channels" | Field,
        string
      >,
    [id],
  );
  const fieldErrors = useFieldErrors(controls);

  const update = (next: Partial<PreferencesChoices>, control?: string) => {
    setSaved(false);
    if (control) fieldErrors.clear(control);
    setValues((current) => ({ ...current, ...next }));
  };
  const input = (field: Field, describedBy?: string) => ({
    id: controls[field],
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      update({ [field]: event.target.value }, controls[field]),
    ...fieldAria(fieldErrors.errors, controls[field], describedBy),
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    const body = { action: "save" as const, ...values };
    const parsed = preferencesSaveSchema.safeParse(body);
    if (!parsed.success) {
      fieldErrors.show(parsed.error);
      return;
    }
    fieldErrors.clear();
    const result = await run(parsed.data, fieldErrors.show);
    if (result.ok) setSaved(true);
  }

  const known = new Set([...featuredZones, ...otherZones]);
  return (
    <FieldErrorsContext value={fieldErrors.errors}>
      <form onSubmit={onSubmit} noValidate className="space-y-8">
        <ChannelOrder
          id={controls.channels}
          sender={sender}
          choosable={choosable}
          accepted={values.channels}
          whatsappConsented={whatsappConsented}
          onChange={(channels) => update({ channels }, controls.channels)}
        />

        <fieldset className="space-y-3" aria-describedby={`${id}-window-consent`}>
          <legend className="text-lg font-semibold">{t("window.title")}</legend>
          <p id={`${id}-window-consent`} className="text-sm text-muted-foreground">
            {t("window.consent", { sender })}
          </p>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <label htmlFor={controls.notBefore} className="text-sm font-medium">
                {t("window.notBefore")}
              </label>
              <Input type="time" {...input("notBefore", `${id}-window-hint`)} />
              <FieldError htmlFor={controls.notBefore} />
            </div>
            <div className="space-y-1.5">
              <label htmlFor={controls.notAfter} className="text-sm font-medium">
                {t("window.notAfter")}
              </label>
              <Input type="time" {...input("notAfter", `${id}-window-hint`)} />
              <FieldError htmlFor={controls.notAfter} />
            </div>
          </div>
          <p id={`${id}-window-hint`} className="text-sm text-muted-foreground">
            {t("window.hint")}
          </p>
          <div className="space-y-1.5">
            <label htmlFor={controls.timeZone} className="text-sm font-medium">
              {t("window.timeZone")}
            </label>
            <NativeSelect {...input("timeZone")}>
              <NativeSelectOption value="">
                {t("window.timeZoneAuto", { zone: derivedZone })}
              </NativeSelectOption>
              {/* A saved zone this server does not list (another name of it) stays selectable. */}
              {values.timeZone && !known.has(values.timeZone) ? (
                <NativeSelectOption value={values.timeZone}>{values.timeZone}</NativeSelectOption>
              ) : null}
              <optgroup label={t("window.commonZones")}>
                {featuredZones.map((zone) => (
                  <NativeSelectOption key={zone} value={zone}>
                    {zone}
                  </NativeSelectOption>
                ))}
              </optgroup>
              <optgroup label={t("window.allZones")}>
                {otherZones.map((zone) => (
                  <NativeSelectOption key={zone} value={zone}>
                    {zone}
                  </NativeSelectOption>
                ))}
              </optgroup>
            </NativeSelect>
            <FieldError htmlFor={controls.timeZone} />
          </div>
        </fieldset>

        <fieldset className="space-y-3" aria-describedby={`${id}-pause-consent`}>
          <legend className="text-lg font-semibold">{t("pause.title")}</legend>
          <p id={`${id}-pause-consent`} className="text-sm text-muted-foreground">
            {t("pause.consent", { sender })}
          </p>
          <div className="space-y-1.5">
            <label htmlFor={controls.pausedUntil} className="text-sm font-medium">
              {t("pause.label")}
            </label>
            <div className="flex flex-wrap gap-2">
              <Input
                type="date"
                min={pauseMin}
                max={pauseMax}
                className="w-auto min-w-0 flex-1"
                {...input("pausedUntil", `${id}-pause-hint`)}
              />
              <Button
                type="button"
                variant="outline"
                disabled={!values.pausedUntil}
                onClick={() => update({ pausedUntil: "" }, controls.pausedUntil)}
              >
                {t("pause.clear")}
              </Button>
            </div>
            <p id={`${id}-pause-hint`} className="text-sm text-muted-foreground">
              {t("pause.hint")}
            </p>
            <FieldError htmlFor={controls.pausedUntil} />
          </div>
        </fieldset>

        <div className="space-y-3">
          <FormError text={error} />
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? t("saving") : t("save")}
          </Button>
          <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
            {saved ? t("saved", { sender }) : ""}
          </p>
        </div>
      </form>
    </FieldErrorsContext>
  );
}
