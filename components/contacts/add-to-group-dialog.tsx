"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
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
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { addToGroup, createGroupWith, type GroupView } from "./group-calls";
import { GroupChoiceField, NO_GROUP_CHOICE, chosenGroup, type GroupChoice } from "./group-choice-field";
import { useGroupErrorText } from "./use-group-error-text";

const SELECT_ID = "add-to-group-choice";
const NAME_ID = "add-to-group-name";
/** A refusal of the group (unknown, gone) shows at the select, one of the name at its field. */
const CONTROLS = { groupId: SELECT_ID, name: NAME_ID } as const;

export interface AddToGroupDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  groups: readonly GroupView[];
  contactIds: readonly string[];
  /** The contacts went into `group` (the screen reloads its contacts and groups). */
  onAdded(group: GroupView): void;
}

/** "Add to group" for the selected contacts: one of the user's groups, or a new one named here. */
export function AddToGroupDialog({ open, onOpenChange, groups, contactIds, onAdded }: AddToGroupDialogProps) {
  const t = useTranslations("groups");
  const errorText = useGroupErrorText();
  const [choice, setChoice] = useState<GroupChoice>(NO_GROUP_CHOICE);
  const [pending, setPending] = useState(false);
  const fieldErrors = useFieldErrors(CONTROLS);

  const change = (next: boolean) => {
    if (!next) {
      fieldErrors.clear();
      setChoice(NO_GROUP_CHOICE);
    }
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const target = chosenGroup(choice, groups);
    if (!target) return fieldErrors.set(SELECT_ID, t("chooseGroupError"));
    if ("newName" in target && !target.newName) return fieldErrors.set(NAME_ID, t("nameRequired"));
    fieldErrors.clear();
    setPending(true);
    const result =
      "group" in target
        ? await addToGroup(target.group.id, contactIds)
        : await createGroupWith(target.newName, contactIds);
    setPending(false);
    if (!result.ok) {
      if (!fieldErrors.show(result)) fieldErrors.setFormError(errorText(result));
      return;
    }
    toast.success(t("added", { name: result.data.group.name }), {
      description: t("addedCount", { count: result.data.count }),
    });
    onAdded(result.data.group);
    change(false);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <FieldErrorsContext value={fieldErrors.errors}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("addTitle", { count: contactIds.length })}</DialogTitle>
              <DialogDescription>{t("addDescription")}</DialogDescription>
            </DialogHeader>
            <GroupChoiceField
              label={t("groupLabel")}
              noneLabel={t("chooseGroup")}
              groups={groups}
              choice={choice}
              onChange={(next) => {
                fieldErrors.clear();
                setChoice(next);
              }}
              selectId={SELECT_ID}
              nameId={NAME_ID}
            />
            <FormError text={fieldErrors.formError} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => change(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={pending || contactIds.length === 0}>
                {pending ? t("adding") : t("add")}
              </Button>
            </DialogFooter>
          </form>
        </FieldErrorsContext>
      </DialogContent>
    </Dialog>
  );
}
