"use client";

import { useTranslations } from "next-intl";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { DEFAULT_WAIT, type FallbackWait } from "./fallback-form-state";

/** "or if no one confirms within [N] [minutes|hours]": choosing it turns the confirmation ask on. */
export function FallbackWaitFields({
  id,
  number,
  wait,
  onChange,
}: {
  /** The step's control id; the wait's controls take it as their prefix. */
  id: string;
  /** The step's number as the user reads it (1: the first fallback). */
  number: number;
  wait: FallbackWait | null;
  onChange(wait: FallbackWait | null): void;
}) {
  const t = useTranslations("groupReminders");
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-wait`}
          checked={wait !== null}
          onCheckedChange={(checked) => onChange(checked === true ? { ...DEFAULT_WAIT } : null)}
        />
        <Label htmlFor={`${id}-wait`} className="font-normal">
          {t("chain.waitLabel")}
        </Label>
      </div>
      {wait && (
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-amount`} className="sr-only">
            {t("chain.waitAmount", { number })}
          </Label>
          <Input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={wait.unit === "hours" ? 1 : 5}
            max={wait.unit === "hours" ? 168 : 10_080}
            className="w-20"
            value={wait.amount}
            onChange={(e) => onChange({ ...wait, amount: e.target.value })}
          />
          <Label htmlFor={`${id}-unit`} className="sr-only">
            {t("chain.waitUnit", { number })}
          </Label>
          <div className="w-32">
            <NativeSelect
              id={`${id}-unit`}
              value={wait.unit}
              onChange={(e) => onChange({ ...wait, unit: e.target.value as FallbackWait["unit"] })}
            >
              <NativeSelectOption value="minutes">{t("chain.units.minutes")}</NativeSelectOption>
              <NativeSelectOption value="hours">{t("chain.units.hours")}</NativeSelectOption>
            </NativeSelect>
          </div>
        </div>
      )}
    </div>
  );
}
