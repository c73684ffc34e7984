"use client";

import { useId, useMemo, useState, useTransition } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import { saveAutoRecharge } from "@/lib/actions/save-auto-recharge";
import { CREDIT_PACKAGES, LOW_BALANCE_CENTS } from "@/config/plans";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, FieldErrorsContext, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { formatMoney } from "@/lib/plans/format-money";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/** The threshold's range in cents, as the server checks it. */
const THRESHOLD_MIN_CENTS = 100;
const THRESHOLD_MAX_CENTS = 100_000;

interface AutoRechargeCardProps {
  enabled: boolean;
  packageIndex: number | null;
  thresholdCents: number | null;
  error: string | null;
}

/** Pay-as-you-go opt-in: buy a package with the saved card when the balance drops under a threshold. */
export function AutoRechargeCard(props: AutoRechargeCardProps) {
  const t = useTranslations("billing");
  const errorText = useApiErrorText();
  const locale = useLocale();
  const ids = { toggle: useId(), pkg: useId(), threshold: useId() };
  const [enabled, setEnabled] = useState(props.enabled);
  const [packageIndex, setPackageIndex] = useState(props.packageIndex ?? 0);
  const [threshold, setThreshold] = useState(((props.thresholdCents ?? LOW_BALANCE_CENTS) / 100).toFixed(2));
  const [pending, startTransition] = useTransition();
  const controls = useMemo(
    () => ({ enabled: ids.toggle, packageIndex: ids.pkg, thresholdCents: ids.threshold }),
    [ids.toggle, ids.pkg, ids.threshold],
  );
  const fieldErrors = useFieldErrors(controls);

  const save = () => {
    const thresholdCents = Math.round(Number(threshold) * 100);
    if (
      threshold.trim() === "" ||
      !Number.isFinite(thresholdCents) ||
      thresholdCents < THRESHOLD_MIN_CENTS ||
      thresholdCents > THRESHOLD_MAX_CENTS
    ) {
      fieldErrors.set(
        ids.threshold,
        t("rechargeThresholdRange", {
          min: formatMoney(THRESHOLD_MIN_CENTS, locale),
          max: formatMoney(THRESHOLD_MAX_CENTS, locale),
        }),
      );
      return;
    }
    fieldErrors.clear();
    startTransition(async () => {
      const result = await saveAutoRecharge({ enabled, packageIndex, thresholdCents });
      if (result.ok) toast.success(t("autoRechargeSaved"));
      // A refusal of a field shows under it; any other failure is an outcome, a toast.
      else if (!fieldErrors.show(result)) toast.error(t("errorTitle"), { description: errorText(result) });
    });
  };

  return (
    <FieldErrorsContext value={fieldErrors.errors}>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("autoRecharge")}</CardTitle>
          <CardDescription>{t("autoRechargeDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          {props.error && (
            <p role="alert" data-testid="auto-recharge-error" className="text-destructive">
              {t("autoRechargeFailed", { reason: props.error })}
            </p>
          )}
          <div className="flex items-center gap-3">
            <Switch id={ids.toggle} checked={enabled} onCheckedChange={setEnabled} />
            <Label htmlFor={ids.toggle}>{t("enableAutoRecharge")}</Label>
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={ids.pkg}>{t("rechargePackage")}</Label>
              <select
                id={ids.pkg}
                value={packageIndex}
                {...fieldAria(fieldErrors.errors, ids.pkg)}
                onChange={(event) => {
                  fieldErrors.clear(ids.pkg);
                  setPackageIndex(Number(event.target.value));
                }}
                className="border-input bg-background h-10 w-full rounded-md border px-3 text-sm"
              >
                {CREDIT_PACKAGES.map((pkg, index) => (
                  <option key={pkg.amountCents} value={index}>
                    {t("packageOption", {
                      amount: formatMoney(pkg.amountCents, locale),
                      reminders: pkg.reminders,
                    })}
                  </option>
                ))}
              </select>
              <FieldError htmlFor={ids.pkg} />
            </div>
            <div className="space-y-1">
              <Label htmlFor={ids.threshold}>{t("rechargeThreshold")}</Label>
              <Input
                id={ids.threshold}
                type="number"
                min="1"
                step="0.01"
                inputMode="decimal"
                value={threshold}
                {...fieldAria(fieldErrors.errors, ids.threshold)}
                onChange={(event) => {
                  fieldErrors.clear(ids.threshold);
                  setThreshold(event.target.value);
                }}
              />
              <FieldError htmlFor={ids.threshold} />
            </div>
          </div>
        </CardContent>
        <CardFooter>
          <Button onClick={save} disabled={pending}>
            {t("save")}
          </Button>
        </CardFooter>
      </Card>
    </FieldErrorsContext>
  );
}
