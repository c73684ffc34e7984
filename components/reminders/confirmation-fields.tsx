"use client";

import { useTranslations } from "next-intl";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { FOLLOW_UP_CHOICES } from "@/lib/replies/constants";
import type { ReminderFormState } from "./reminder-form-state";

/**
 * "Ask for confirmation" and "Tell me if not confirmed after", for SMS, WhatsApp and calls
 * (replies come back on those channels, a call's by its keypad); nothing for e-mail.
 */
export function ConfirmationFields({
  state,
  update,
}: {
  state: Pick<ReminderFormState, "deliveryMethod" | "askConfirmation" | "followUpMinutes" | "fallback">;
  update(patch: Partial<ReminderFormState>): void;
}) {
  const t = useTranslations("replies");
  const askAria = useFieldAria("reminder-ask-confirmation", "reminder-ask-confirmation-hint");
  const followUpAria = useFieldAria("reminder-follow-up");
  if (state.deliveryMethod === "email") return null;
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-2">
        <Checkbox
          id="reminder-ask-confirmation"
          checked={state.askConfirmation}
          onCheckedChange={(checked) =>
            update({
              askConfirmation: checked === true,
              // Without the ask nothing is waited for: the follow-up and the chain's waits go.
              ...(checked === true
                ? {}
                : { followUpMinutes: "", fallback: state.fallback.map((step) => ({ ...step, wait: null })) }),
            })
          }
          {...askAria}
        />
        <div className="grid gap-0.5">
          <Label htmlFor="reminder-ask-confirmation">{t("askLabel")}</Label>
          <p id="reminder-ask-confirmation-hint" className="text-xs text-muted-foreground">
            {t(state.deliveryMethod === "call" ? "askHintCall" : "askHint")}
          </p>
          <FieldError htmlFor="reminder-ask-confirmation" />
        </div>
      </div>
      {state.askConfirmation && (
        <div className="grid gap-1">
          <Label htmlFor="reminder-follow-up">{t("followUpLabel")}</Label>
          <NativeSelect
            id="reminder-follow-up"
            value={state.followUpMinutes}
            onChange={(e) => update({ followUpMinutes: e.target.value })}
            {...followUpAria}
          >
            <NativeSelectOption value="">{t("followUpNever")}</NativeSelectOption>
            {FOLLOW_UP_CHOICES.map((minutes) => (
              <NativeSelectOption key={minutes} value={String(minutes)}>
                {t("followUpChoice", { minutes: String(minutes) })}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          <FieldError htmlFor="reminder-follow-up" />
        </div>
      )}
    </div>
  );
}
