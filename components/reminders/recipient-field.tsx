"use client";

import Link from "next/link";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { useTranslations } from "next-intl";
import type { DeliveryMethod, GroupTiming } from "@/db/schema/enums";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { ContactOption } from "@/lib/reminders/types";
import { GroupReachLine } from "./group-reach-line";
import type { RecipientKind, ReminderFormState } from "./reminder-form-state";
import type { GroupOption } from "./use-groups";

export const CONTACT_CONTROL = "reminder-contact";
export const GROUP_CONTROL = "reminder-group";
export const TIMING_CONTROL = "reminder-group-timing";

const SEGMENT =
  "rounded px-3 py-1.5 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground";

type Update = (patch: Partial<ReminderFormState>) => void;

/**
 * Who the reminder goes to: "To: a contact | a group", then the contact, or the group with its
 * timing and what one occurrence sends to it. The contact select lists contacts only: a native
 * select changes its value on each arrow key, so a group among its options switched the dialog
 * (and moved focus) as a keyboard user went through the list. The switch is its own control.
 */
export function RecipientField({
  state,
  contacts,
  groups,
  channels,
  timeZone,
  fixed = false,
  update,
  onChooseContact,
}: {
  state: ReminderFormState;
  contacts: ContactOption[];
  /** Null while loading. */
  groups: GroupOption[] | null;
  /** The chain (delivery method, then fallbacks) the reach is counted for. */
  channels: readonly DeliveryMethod[];
  timeZone: string;
  /** Editing: a reminder's kind of recipient stays what it was (reminder_recipient_fixed). */
  fixed?: boolean;
  update: Update;
  onChooseContact(contactId: string): void;
}) {
  const t = useTranslations("groupReminders");
  const tForm = useTranslations("reminderForm");
  const contactAria = useFieldAria(CONTACT_CONTROL);
  const groupAria = useFieldAria(GROUP_CONTROL);

  const chooseRecipient = (recipient: RecipientKind) => update({ recipient });
  const groupLabel = (group: GroupOption) => t("groupOption", { name: group.name, count: group.memberCount });

  return (
    <div className="grid min-w-0 gap-2">
      {!fixed && (
        <div className="flex flex-wrap items-center gap-3">
          <span id="reminder-recipient-label" className="text-sm font-medium">
            {t("to")}
          </span>
          {/* relative overflow-hidden: Radix puts a hidden radio input beside each item for forms,
              absolutely placed; it must not reach outside the dialog at 375 px. */}
          <RadioGroupPrimitive.Root
            aria-labelledby="reminder-recipient-label"
            orientation="horizontal"
            value={state.recipient}
            onValueChange={(value) => chooseRecipient(value as RecipientKind)}
            className="relative inline-flex overflow-hidden rounded-md border p-0.5"
            data-testid="recipient-kind"
          >
            <RadioGroupPrimitive.Item value="contact" className={SEGMENT}>
              {t("toContact")}
            </RadioGroupPrimitive.Item>
            <RadioGroupPrimitive.Item value="group" className={SEGMENT}>
              {t("toGroup")}
            </RadioGroupPrimitive.Item>
          </RadioGroupPrimitive.Root>
        </div>
      )}

      {state.recipient === "contact" ? (
        <div className="grid gap-1">
          <Label htmlFor={CONTACT_CONTROL}>{tForm("contact")}</Label>
          <NativeSelect
            id={CONTACT_CONTROL}
            value={state.contactId}
            onChange={(e) => onChooseContact(e.target.value)}
            {...contactAria}
          >
            <NativeSelectOption value="">{tForm("contactPlaceholder")}</NativeSelectOption>
            {contacts.map((c) => (
              <NativeSelectOption key={c.id} value={c.id}>
                {c.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          {contacts.length === 0 && <p className="text-sm text-muted-foreground">{tForm("noContacts")}</p>}
          <FieldError htmlFor={CONTACT_CONTROL} />
        </div>
      ) : (
        <>
          <div className="grid gap-1">
            <Label htmlFor={GROUP_CONTROL}>{t("group")}</Label>
            <NativeSelect
              id={GROUP_CONTROL}
              value={state.groupId}
              onChange={(e) => update({ groupId: e.target.value })}
              {...groupAria}
            >
              <NativeSelectOption value="">{t("groupPlaceholder")}</NativeSelectOption>
              {groups?.map((group) => (
                <NativeSelectOption key={group.id} value={group.id}>
                  {groupLabel(group)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
            {groups?.length === 0 && (
              <p className="text-sm text-muted-foreground">
                {t("noGroups")}{" "}
                <Link href="/contacts" className="font-medium text-primary underline underline-offset-4">
                  {t("makeGroup")}
                </Link>
              </p>
            )}
            <FieldError htmlFor={GROUP_CONTROL} />
          </div>
          {state.groupId && <GroupReachLine groupId={state.groupId} channels={channels} />}
          <TimingField
            timing={state.groupTiming}
            time={`${state.hour}:${state.minute}`}
            timeZone={timeZone}
            onChange={(groupTiming) => update({ groupTiming })}
          />
        </>
      )}
    </div>
  );
}

/** "Same local time for each member" (default) or "Same moment for everyone", with what it means. */
function TimingField({
  timing,
  time,
  timeZone,
  onChange,
}: {
  timing: GroupTiming;
  time: string;
  timeZone: string;
  onChange(timing: GroupTiming): void;
}) {
  const t = useTranslations("groupReminders");
  const hintId = `${TIMING_CONTROL}-hint`;
  return (
    <fieldset className="grid gap-1" id={TIMING_CONTROL} tabIndex={-1} aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium">{t("timing.legend")}</legend>
      <RadioGroup
        value={timing}
        onValueChange={(value) => onChange(value as GroupTiming)}
        className="grid gap-1.5 sm:flex sm:gap-4"
      >
        <label className="flex items-center gap-1.5 text-sm">
          <RadioGroupItem value="local_time" />
          {t("timing.localTime")}
        </label>
        <label className="flex items-center gap-1.5 text-sm">
          <RadioGroupItem value="same_instant" />
          {t("timing.sameInstant")}
        </label>
      </RadioGroup>
      <p id={hintId} className="text-xs text-muted-foreground">
        {timing === "local_time"
          ? t("timing.localTimeHint", { time })
          : t("timing.sameInstantHint", { time, timezone: timeZone })}
      </p>
      <FieldError htmlFor={TIMING_CONTROL} />
    </fieldset>
  );
}
