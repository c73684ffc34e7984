"use client";

import { useId, useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { CallResult } from "@/lib/api-client/call-result";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

export type SaveFailureAlerts = (input: {
  failureAlerts: boolean;
}) => Promise<CallResult<{ failureAlerts: boolean }>>;

/** The switch for failure alert e-mails, saved on the user as soon as it changes. */
export function FailureAlertsSetting({ initial, save }: { initial: boolean; save: SaveFailureAlerts }) {
  const t = useTranslations("deliveryLog.settings");
  const common = useTranslations("settings");
  const errorText = useApiErrorText();
  const id = useId();
  const [checked, setChecked] = useState(initial);
  const [pending, startTransition] = useTransition();

  const change = (next: boolean) => {
    setChecked(next);
    startTransition(async () => {
      const result = await save({ failureAlerts: next });
      if (result.ok) {
        toast.success(t("saved"));
      } else {
        setChecked(!next);
        toast.error(common("errorTitle"), { description: errorText(result) });
      }
    });
  };

  return (
    <div className="flex items-start gap-3">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={change}
        disabled={pending}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="space-y-1">
        <Label htmlFor={id}>{t("failureAlerts")}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t("failureAlertsHint")}
        </p>
      </div>
    </div>
  );
}
