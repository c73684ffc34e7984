"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Plus } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldError, FieldErrorsContext, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { GROUP_LIMIT, GROUP_NAME_MAX_LENGTH } from "@/lib/validations/group";
import { createGroup, type GroupView } from "./group-calls";
import { GroupRow } from "./group-row";
import { useGroupErrorText } from "./use-group-error-text";

const NAME_ID = "new-group-name";
const CONTROLS = { name: NAME_ID } as const;

export interface ManageGroupsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  groups: readonly GroupView[];
  /** A group was made, renamed or deleted: the screen reloads its groups and contacts. */
  onChanged(): void;
  /** Filter the screen by a group. */
  onShow(groupId: string): void;
  /** A group was deleted (a filter by it ends). */
  onDeleted(groupId: string): void;
}

/** The Groups dialog: make a group, and rename, show or delete each one with its member count. */
export function ManageGroupsDialog({
  open,
  onOpenChange,
  groups,
  onChanged,
  onShow,
  onDeleted,
}: ManageGroupsDialogProps) {
  const t = useTranslations("groups");
  const errorText = useGroupErrorText();
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const fieldErrors = useFieldErrors(CONTROLS);

  const change = (next: boolean) => {
    if (!next) {
      fieldErrors.clear();
      setName("");
    }
    onOpenChange(next);
  };

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return fieldErrors.set(NAME_ID, t("nameRequired"));
    fieldErrors.clear();
    setPending(true);
    const result = await createGroup(name);
    setPending(false);
    if (!result.ok) {
      if (!fieldErrors.show(result)) fieldErrors.setFormError(errorText(result));
      return;
    }
    setName("");
    toast.success(t("created", { name: result.data.name }));
    onChanged();
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("manageTitle")}</DialogTitle>
          <DialogDescription>{t("manageDescription", { limit: GROUP_LIMIT })}</DialogDescription>
        </DialogHeader>
        <FieldErrorsContext value={fieldErrors.errors}>
          <form onSubmit={create} noValidate className="grid gap-2">
            <Label htmlFor={NAME_ID}>{t("newNameLabel")}</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={NAME_ID}
                value={name}
                maxLength={GROUP_NAME_MAX_LENGTH}
                placeholder={t("namePlaceholder")}
                autoComplete="off"
                className="min-w-0 flex-1 basis-40"
                {...fieldAria(fieldErrors.errors, NAME_ID)}
                onChange={(event) => {
                  fieldErrors.clear(NAME_ID);
                  setName(event.target.value);
                }}
              />
              <Button type="submit" disabled={pending}>
                <Plus aria-hidden /> {pending ? t("creating") : t("create")}
              </Button>
            </div>
            <FieldError htmlFor={NAME_ID} />
            <FormError text={fieldErrors.formError} />
          </form>
        </FieldErrorsContext>
        {groups.length === 0 ? (
          <div className="rounded-md border border-dashed p-6 text-center" data-testid="groups-empty">
            <p className="font-medium">{t("emptyTitle")}</p>
            <p className="text-sm text-muted-foreground">{t("emptyDescription")}</p>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label={t("listLabel")}>
            {groups.map((group) => (
              <GroupRow
                key={group.id}
                group={group}
                onChanged={onChanged}
                onShow={() => {
                  onShow(group.id);
                  change(false);
                }}
                onDeleted={() => {
                  onDeleted(group.id);
                  document.getElementById(NAME_ID)?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
