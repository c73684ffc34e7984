"use client";

import { useMemo } from "react";
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CONTACT_DATE_KINDS } from "@/db/schema/enums";
import type { ContactFormValues } from "@/lib/validations/contact";

const SELECT_CLASS =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** Month names in the screen's language, January first. */
function useMonthNames(): string[] {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
    return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2000, i, 1))));
  }, [locale]);
}

export interface ContactDatesFieldProps {
  control: Control<ContactFormValues>;
  register: UseFormRegister<ContactFormValues>;
  errors: FieldErrors<ContactFormValues>;
  /** Shows a validation message in the user's language. */
  message(text: string): string;
}

/** The contact's birthday, anniversary and named dates: add, edit, remove; the year is optional. */
export function ContactDatesField({ control, register, errors, message }: ContactDatesFieldProps) {
  const t = useTranslations("contactDates");
  const months = useMonthNames();
  const { fields, append, remove } = useFieldArray({ control, name: "dates" });
  const kinds = useWatch({ control, name: "dates" }) ?? [];
  const setError = errors.dates?.root?.message ?? errors.dates?.message;
  const used = new Set(kinds.map((d) => d?.kind));
  const nextKind = !used.has("birthday") ? "birthday" : !used.has("anniversary") ? "anniversary" : "custom";

  return (
    <fieldset className="grid gap-3" data-testid="contact-dates">
      <legend className="mb-2 text-sm font-medium">{t("title")}</legend>
      {fields.length === 0 ? <p className="text-xs text-muted-foreground">{t("none")}</p> : null}
      {fields.map((field, index) => {
        const id = `contact-date-${index}`;
        const rowErrors = errors.dates?.[index];
        const problem = rowErrors?.day?.message ?? rowErrors?.label?.message ?? rowErrors?.year?.message;
        const isCustom = kinds[index]?.kind === "custom";
        return (
          <div
            key={field.id}
            role="group"
            aria-labelledby={`${id}-kind-label`}
            className="grid gap-2 rounded-md border p-3"
          >
            <div className="grid grid-cols-[1fr_auto] items-end gap-2">
              <div className="grid gap-1">
                <Label id={`${id}-kind-label`} htmlFor={`${id}-kind`}>
                  {t("kind")}
                </Label>
                <select id={`${id}-kind`} className={SELECT_CLASS} {...register(`dates.${index}.kind`)}>
                  {CONTACT_DATE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`kinds.${kind}`)}
                    </option>
                  ))}
                </select>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t("remove", { number: index + 1 })}
                onClick={() => remove(index)}
              >
                <Trash2 />
              </Button>
            </div>
            {isCustom ? (
              <div className="grid gap-1">
                <Label htmlFor={`${id}-label`}>{t("label")}</Label>
                <Input
                  id={`${id}-label`}
                  placeholder={t("labelPlaceholder")}
                  aria-invalid={rowErrors?.label ? true : undefined}
                  aria-describedby={rowErrors?.label ? `${id}-error` : undefined}
                  {...register(`dates.${index}.label`)}
                />
              </div>
            ) : null}
            <div className="grid grid-cols-[2fr_1fr_1.4fr] gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-month`}>{t("month")}</Label>
                <select id={`${id}-month`} className={SELECT_CLASS} {...register(`dates.${index}.month`)}>
                  {months.map((name, i) => (
                    <option key={name} value={i + 1}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-day`}>{t("day")}</Label>
                <Input
                  id={`${id}-day`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={31}
                  aria-invalid={rowErrors?.day ? true : undefined}
                  aria-describedby={rowErrors?.day ? `${id}-error` : undefined}
                  {...register(`dates.${index}.day`)}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-year`}>{t("year")}</Label>
                <Input
                  id={`${id}-year`}
                  type="number"
                  inputMode="numeric"
                  min={1900}
                  max={2100}
                  aria-invalid={rowErrors?.year ? true : undefined}
                  aria-describedby={rowErrors?.year ? `${id}-error` : undefined}
                  {...register(`dates.${index}.year`)}
                />
              </div>
            </div>
            {problem ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {message(problem)}
              </p>
            ) : null}
          </div>
        );
      })}
      {setError ? (
        <p role="alert" className="text-sm text-destructive">
          {message(setError)}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => append({ kind: nextKind, label: "", month: 1, day: 1, year: "" })}
      >
        <Plus /> {t("add")}
      </Button>
    </fieldset>
  );
}
