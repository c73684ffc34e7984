"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { PRICE_PER_REMINDER_CENTS, REMINDERS_PER_CALL } from "@/config/plans";
import { DELIVERY_METHODS, type DeliveryMethod } from "@/db/schema/enums";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { formatMoney } from "@/lib/plans/format-money";
import type { ContactOption, ReminderUser } from "@/lib/reminders/types";
import { callBlock } from "./call-availability";
import type { ReminderFormState } from "./reminder-form-state";

const NOTE_ID = "reminder-method-call-note";
const COST_ID = "reminder-method-call-cost";

/**
 * The delivery method select. "Phone call" is offered for text and voice reminders of a contact
 * with a phone on a plan with calls; otherwise it is disabled and a line says why and how to fix
 * it. Chosen, a line gives its cost (REMINDERS_PER_CALL reminders of the quota, or of credit on
 * pay-as-you-go) and the plan's daily cap before anything is scheduled.
 */
export function DeliveryMethodField({
  state,
  contact,
  user,
  update,
}: {
  state: Pick<ReminderFormState, "deliveryMethod" | "type">;
  contact: ContactOption | undefined;
  user: Pick<ReminderUser, "planType" | "callsPerDay">;
  update(patch: Partial<ReminderFormState>): void;
}) {
  const t = useTranslations("reminderForm");
  const locale = useLocale();
  const block = callBlock({ callsPerDay: user.callsPerDay, type: state.type, contact });
  const callChosen = state.deliveryMethod === "call";
  const describedBy = [block && NOTE_ID, callChosen && !block && COST_ID].filter(Boolean).join(" ");
  const aria = useFieldAria("reminder-method", describedBy || undefined);
  return (
    <div className="grid gap-1">
      <Label htmlFor="reminder-method">{t("deliveryMethod")}</Label>
      <NativeSelect
        id="reminder-method"
        value={state.deliveryMethod}
        onChange={(e) => update({ deliveryMethod: e.target.value as DeliveryMethod })}
        {...aria}
      >
        {DELIVERY_METHODS.map((m) => (
          <NativeSelectOption key={m} value={m} disabled={m === "call" && block !== null}>
            {m === "call" && block === "plan" ? t("call.methodUpgrade") : t(`methods.${m}`)}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <FieldError htmlFor="reminder-method" />
      {block && (
        <p id={NOTE_ID} className="text-sm text-muted-foreground" data-testid="call-unavailable">
          {block === "plan" && (
            <>
              {t("call.notInPlan")}{" "}
              <Link href="/pricing" className="font-medium text-primary underline underline-offset-4">
                {t("call.seePlans")}
              </Link>
            </>
          )}
          {block === "video" && t("call.video")}
          {block === "phone" && (
            <>
              {t("call.noPhone", { name: contact?.name ?? "" })}{" "}
              <Link href="/contacts" className="font-medium text-primary underline underline-offset-4">
                {t("call.addPhone")}
              </Link>
            </>
          )}
        </p>
      )}
      {callChosen && !block && (
        <p id={COST_ID} className="text-sm text-muted-foreground" data-testid="call-cost">
          {user.planType === "payg"
            ? t("call.costCredit", {
                count: REMINDERS_PER_CALL,
                price: formatMoney(REMINDERS_PER_CALL * PRICE_PER_REMINDER_CENTS, locale),
              })
            : t("call.costQuota", { count: REMINDERS_PER_CALL })}{" "}
          {t("call.dailyCap", { count: user.callsPerDay })}
        </p>
      )}
    </div>
  );
}
