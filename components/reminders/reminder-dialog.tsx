"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { PRICE_PER_REMINDER_CENTS } from "@/config/plans";
import { DELIVERY_METHODS } from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldErrorsContext, FormError } from "@/components/ui/field-error";
import { AuthorshipLines } from "@/components/trail/authorship-lines";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { QuickAddPanel } from "@/components/quick-add/quick-add-panel";
import type { QuickAddResult } from "@/components/quick-add/quick-add-line";
import { UpgradeDialog } from "@/components/upgrade/upgrade-dialog";
import type { QuickAddDraft } from "@/lib/quick-add";
import { localDayKey } from "@/lib/reminders/format-in-zone";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import type { ContactOption, ReminderUser } from "@/lib/reminders/types";
import { messageFieldsProblem } from "@/lib/validations/message-fields";
import { reminderInputSchema } from "@/lib/validations/reminder";
import { zodIssueCode } from "@/lib/errors/zod-error";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import { apiResult } from "@/lib/api-client/request";
import { methodBlocks, workingMethod } from "./call-availability";
import { ConfirmationFields } from "./confirmation-fields";
import { DeliveryMethodField } from "./delivery-method-field";
import { FallbackChainField } from "./fallback-chain-field";
import { chainChannels, withDeliveryMethod } from "./fallback-form-state";
import { MessageEditor } from "./message-editor";
import { MessagePreview, useFieldsProblemText } from "./message-preview";
import { withQuickAddDraft } from "./quick-add-form-state";
import { emptyFormState, formStateFrom, toRequestBody, type ReminderFormState } from "./reminder-form-state";
import { ReminderTypeTabs } from "./reminder-type-tabs";
import { GROUP_REMINDER_CONTROLS, REMINDER_CONTROLS, STATE_CONTROLS } from "./reminder-controls";
import { ScheduleSection } from "./schedule-section";
import { CONTACT_CONTROL, GROUP_CONTROL, RecipientField } from "./recipient-field";
import { useGroups } from "./use-groups";

interface ReminderDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  contacts: ContactOption[];
  user: ReminderUser;
  /** Present: the dialog edits this reminder. */
  reminder?: ReminderDto;
  initialContactId?: string;
  /** A quick-add line already read (the dashboard's): the new reminder opens filled from it. */
  quickAdd?: QuickAddResult;
  onSaved?(reminder: ReminderDto): void;
}

/** The Create New Reminder dialog; the same dialog edits an existing reminder. */
export function ReminderDialog(props: ReminderDialogProps) {
  const { open, onOpenChange, contacts, user, reminder, initialContactId, quickAdd, onSaved } = props;
  const t = useTranslations("reminderForm");
  const tGroups = useTranslations("groupReminders");
  const tMedia = useTranslations("media");
  const errorText = useApiErrorText();
  const fieldsProblemText = useFieldsProblemText();
  const router = useRouter();
  const fillFrom = (state: ReminderFormState, draft: QuickAddDraft) =>
    withQuickAddDraft(state, draft, user.recurringAllowed);
  const initial = () => {
    if (reminder) return formStateFrom(reminder);
    const empty = emptyFormState(initialContactId ?? "");
    return quickAdd ? fillFrom(empty, quickAdd.reading.draft) : empty;
  };
  const [state, setState] = useState<ReminderFormState>(initial);
  const [saving, setSaving] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const groups = useGroups(open);
  const toGroup = state.recipient === "group";
  const fieldErrors = useFieldErrors(toGroup ? GROUP_REMINDER_CONTROLS : REMINDER_CONTROLS);
  const update = (patch: Partial<ReminderFormState>) => {
    for (const key of Object.keys(patch) as (keyof ReminderFormState)[]) {
      const control = STATE_CONTROLS[key];
      if (control) fieldErrors.clear(control);
      // Another kind of recipient: the other select's refusal no longer applies.
      if (key === "recipient") [CONTACT_CONTROL, GROUP_CONTROL].forEach((id) => fieldErrors.clear(id));
    }
    setState((s) => ({ ...s, ...patch }));
  };
  const today = localDayKey(new Date(), user.timezone);

  // Opening shows the reminder being edited, or the contact a link asked for (adjusted
  // during render, React's pattern for state derived from changing props).
  const formKey = open ? `${reminder?.id ?? "new"}:${reminder?.nextRunAt ?? initialContactId ?? ""}` : null;
  const [shownKey, setShownKey] = useState(formKey);
  if (formKey !== shownKey) {
    setShownKey(formKey);
    if (open) setState(initial());
    fieldErrors.clear();
  }

  // A method that cannot work for the chosen contact moves to the first one that can.
  function chooseContact(contactId: string) {
    const blocks = methodBlocks(
      state.type,
      contacts.find((c) => c.id === contactId),
      user,
    );
    update({ contactId, ...withDeliveryMethod(state, workingMethod(state.deliveryMethod, blocks)) });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // At the plan's reminder limit the upgrade dialog opens and nothing is sent. Bought
    // credits carry sends past the quota, so the limit is hit only without them (the server
    // counts scheduled reminders too).
    if (
      !reminder &&
      user.planType !== "payg" &&
      user.remindersUsedCurrentPeriod >= user.remindersQuota &&
      user.paygCreditBalance < PRICE_PER_REMINDER_CENTS
    ) {
      setUpgradeOpen(true);
      return;
    }
    // An edited reminder may come from a contact date: the server, which knows it, rules on {age}.
    // A recorded reminder's text is optional, and checked like any message when there is one.
    const fieldsProblem =
      state.type === "text" || state.message.trim()
        ? messageFieldsProblem(state.message, { allowAge: Boolean(reminder) })
        : null;
    if (fieldsProblem) {
      fieldErrors.set("reminder-message", fieldsProblemText(fieldsProblem));
      return;
    }
    // The shared check asks for "a contact"; a group reminder without its group asks for that.
    if (toGroup && !state.groupId) {
      fieldErrors.set(GROUP_CONTROL, tGroups("selectGroup"));
      return;
    }
    const parsed = reminderInputSchema.safeParse(toRequestBody(state));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const code = issue ? zodIssueCode(issue) : "invalid_input";
      if (!fieldErrors.show(parsed.error)) fieldErrors.setFormError(errorText({ code, message: "" }));
      return;
    }
    fieldErrors.clear();
    setSaving(true);
    const path = reminder ? `/api/reminders/${reminder.id}` : "/api/reminders";
    const result = await apiResult<ReminderDto>(reminder ? "PUT" : "POST", path, parsed.data).catch(
      () => null,
    );
    setSaving(false);
    if (!result) {
      toast.error(t("errorTitle"), { description: t("networkError") });
      return;
    }
    if (!result.ok) {
      if (result.details.limit === "reminders") setUpgradeOpen(true);
      // A refusal of a field shows under it; one of the whole form, beside its button.
      else if (fieldErrors.show(result)) return;
      else if (result.status === 400) fieldErrors.setFormError(errorText(result));
      else toast.error(t("errorTitle"), { description: errorText(result) });
      return;
    }
    toast.success(reminder ? t("updated") : t("created"), {
      description: reminder ? t("updatedDescription") : t("createdDescription"),
    });
    setState(emptyFormState());
    onOpenChange(false);
    onSaved?.(result.data);
    router.refresh();
  }

  const notText = state.type !== "text";
  // A group has no one contact: the channels and the preview are those of any recipient.
  const contact = toGroup ? undefined : contacts.find((c) => c.id === state.contactId);
  const blocks = methodBlocks(state.type, contact, user);
  const offered = DELIVERY_METHODS.filter((method) => blocks[method] === null);
  // A recorded reminder saves once its clip is ready.
  const waitingForMedia = state.type !== "text" && !state.media[state.type];
  return (
    // The errors reach the fields through context: each control shows its own.
    <FieldErrorsContext value={fieldErrors.errors}>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-xl" closeLabel={t("close")}>
          <DialogHeader>
            <DialogTitle>{reminder ? t("titleEdit") : t("titleCreate")}</DialogTitle>
            <DialogDescription>{t("subtitle")}</DialogDescription>
            <AuthorshipLines authorship={reminder?.authorship} />
          </DialogHeader>
          {!reminder && (
            <QuickAddPanel
              start={quickAdd}
              recurringAllowed={user.recurringAllowed}
              timeZone={user.timezone}
              contactId={state.contactId}
              onFill={(draft) => setState((s) => fillFrom(s, draft))}
              onChooseContact={chooseContact}
            />
          )}
          <form onSubmit={submit} className="grid min-w-0 grid-cols-1 gap-4" noValidate>
            <ReminderTypeTabs
              state={state}
              setState={setState}
              user={user}
              reminder={reminder}
              formKey={shownKey}
            />
            <RecipientField
              state={state}
              contacts={contacts}
              groups={groups}
              channels={chainChannels(state)}
              timeZone={user.timezone}
              fixed={Boolean(reminder)}
              update={update}
              onChooseContact={chooseContact}
            />
            <MessageEditor
              label={notText ? tMedia("message") : t("message")}
              placeholder={notText ? tMedia("messagePlaceholder") : t("messagePlaceholder")}
              value={state.message}
              onChange={(message) => update({ message })}
              locale={user.locale}
            />
            <DeliveryMethodField state={state} contact={contact} user={user} update={update} />
            <ConfirmationFields state={state} update={update} />
            <FallbackChainField
              state={state}
              offered={offered}
              suggest={toGroup && Boolean(state.groupId)}
              update={update}
            />
            {/* A voice reminder by call shows the call's script around its recording. */}
            {(!notText || (state.type === "voice" && state.deliveryMethod === "call")) && (
              <MessagePreview
                message={state.message}
                channel={state.deliveryMethod}
                recording={state.type === "text" ? undefined : state.type}
                contact={contact}
                user={user}
                date={state.scheduleType === "once" ? state.date : ""}
                today={today}
                allowAge={Boolean(reminder)}
                askConfirmation={state.askConfirmation}
                group={toGroup}
              />
            )}
            <ScheduleSection
              state={state}
              update={update}
              user={user}
              today={today}
              occurrencesSent={reminder?.occurrencesSent}
            />
            {waitingForMedia && (
              <p id="reminder-media-wait" className="text-sm text-muted-foreground">
                {tMedia("waitForReady")}
              </p>
            )}
            <FormError text={fieldErrors.formError} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("cancel")}
              </Button>
              <Button
                type="submit"
                disabled={saving || waitingForMedia}
                aria-describedby={waitingForMedia ? "reminder-media-wait" : undefined}
              >
                {saving ? t("saving") : reminder ? t("submitEdit") : t("submitCreate")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <UpgradeDialog
        open={upgradeOpen}
        onOpenChange={setUpgradeOpen}
        limit="reminders"
        planType={user.planType}
      />
    </FieldErrorsContext>
  );
}
