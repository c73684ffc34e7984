"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { PRICE_PER_REMINDER_CENTS, REMINDERS_PER_CALL } from "@/config/plans";
import { DELIVERY_METHODS, type DeliveryMethod } from "@/db/schema/enums";
import { contactFormHref, type ContactFormFocus } from "@/components/contacts/contact-form-focus";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { dropDoubledStops } from "@/lib/messages/drop-doubled-stops";
import { formatMoney } from "@/lib/plans/format-money";
import type { ContactOption, ReminderUser } from "@/lib/reminders/types";
import { methodBlocks, type MethodBlock } from "./call-availability";
import { withDeliveryMethod } from "./fallback-form-state";
import type { ReminderFormState } from "./reminder-form-state";

const COST_ID = "reminder-method-call-cost";
const noteId = (block: MethodBlock) => `reminder-method-note-${block}`;
/** The order the reasons are listed in: what the user cannot change first. */
const BLOCK_ORDER: readonly MethodBlock[] = [
  "server",
  "stopped",
  "refused",
  "plan",
  "video",
  "email",
  "phone",
  "consent",
];
/** The contact form's field that fixes a block. */
const FIX_FIELD: Partial<Record<MethodBlock, ContactFormFocus>> = {
  email: "email",
  phone: "phone",
  consent: "whatsappConsent",
};

type User = Pick<ReminderUser, "planType" | "callsPerDay" | "channels" | "locale">;

/**
 * The delivery method select. Only the methods that can work are enabled: the others are
 * disabled, and a line per reason says which ones and why, with the fix where the user has one
 * (the contact's form at the missing field, the plans). Calls, chosen, show their cost
 * (REMINDERS_PER_CALL reminders of the quota, or of credit on pay-as-you-go) and the plan's
 * daily cap before anything is scheduled.
 */
export function DeliveryMethodField({
  state,
  contact,
  user,
  update,
}: {
  state: Pick<ReminderFormState, "deliveryMethod" | "type" | "askConfirmation" | "fallback">;
  contact: ContactOption | undefined;
  user: User;
  update(patch: Partial<ReminderFormState>): void;
}) {
  const t = useTranslations("reminderForm");
  const locale = useLocale();
  const blocks = methodBlocks(state.type, contact, user);
  const reasons = BLOCK_ORDER.filter((block) => DELIVERY_METHODS.some((m) => blocks[m] === block));
  const callChosen = state.deliveryMethod === "call" && blocks.call === null;
  const describedBy = [...reasons.map(noteId), callChosen && COST_ID].filter(Boolean).join(" ");
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const channelsOf = (block: MethodBlock) =>
    list.format(
      DELIVERY_METHODS.filter((m) => blocks[m] === block).map((m) => t(`unavailable.channels.${m}`)),
    );
  const fixLink = (block: MethodBlock) => {
    const field = FIX_FIELD[block];
    if (!contact || !field) return null;
    return (
      <Link
        href={contactFormHref(contact.id, field)}
        className="font-medium text-primary underline underline-offset-4"
      >
        {t(`unavailable.fix.${field}`)}
      </Link>
    );
  };
  const aria = useFieldAria("reminder-method", describedBy || undefined);
  return (
    <div className="grid gap-1">
      <Label htmlFor="reminder-method">{t("deliveryMethod")}</Label>
      <NativeSelect
        id="reminder-method"
        value={state.deliveryMethod}
        onChange={(e) => update(withDeliveryMethod(state, e.target.value as DeliveryMethod))}
        {...aria}
      >
        {DELIVERY_METHODS.map((m) => (
          <NativeSelectOption key={m} value={m} disabled={blocks[m] !== null}>
            {m === "call" && blocks.call === "plan" ? t("call.methodUpgrade") : t(`methods.${m}`)}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <FieldError htmlFor="reminder-method" />
      {reasons.length > 0 && (
        <ul className="grid gap-1 text-sm text-muted-foreground" data-testid="method-unavailable">
          {reasons.map((block) => (
            <li key={block} id={noteId(block)} data-testid={`method-unavailable-${block}`}>
              {block === "server" && t("unavailable.server", { channels: channelsOf(block) })}
              {block === "stopped" && t("unavailable.stopped", { name: contact?.name ?? "" })}
              {block === "refused" &&
                t("unavailable.refused", { name: contact?.name ?? "", channels: channelsOf(block) })}
              {block === "plan" && (
                <>
                  {t("call.notInPlan")}{" "}
                  <Link href="/pricing" className="font-medium text-primary underline underline-offset-4">
                    {t("call.seePlans")}
                  </Link>
                </>
              )}
              {block === "video" && t("call.video")}
              {block === "email" && t("unavailable.email", { name: contact?.name ?? "" })}
              {block === "phone" &&
                t("unavailable.phone", { name: contact?.name ?? "", channels: channelsOf(block) })}
              {block === "consent" &&
                dropDoubledStops(t("unavailable.consent", { name: contact?.name ?? "" }), {
                  name: contact?.name,
                })}
              {FIX_FIELD[block] && <> {fixLink(block)}</>}
            </li>
          ))}
        </ul>
      )}
      {callChosen && (
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
