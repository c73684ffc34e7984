"use client";

import { useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Trash2 } from "lucide-react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FieldError, FieldErrorsContext, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { GROUP_NAME_MAX_LENGTH } from "@/lib/validations/group";
import { deleteGroup, renameGroup, type GroupView } from "./group-calls";
import { useGroupErrorText } from "./use-group-error-text";

export interface GroupRowProps {
  group: GroupView;
  onChanged(): void;
  /** Filter the screen by this group (the dialog closes). */
  onShow(): void;
  /** The group is gone: focus goes somewhere that still exists. */
  onDeleted(): void;
}

/** One group in the Groups dialog: its name (renamed in place), member count, Show and Delete. */
export function GroupRow({ group, onChanged, onShow, onDeleted }: GroupRowProps) {
  const t = useTranslations("groups");
  const errorText = useGroupErrorText();
  const [name, setName] = useState(group.name);
  const [busy, setBusy] = useState(false);
  const inputId = `group-name-${group.id}`;
  const controls = useMemo(() => ({ name: inputId }), [inputId]);
  const fieldErrors = useFieldErrors(controls);
  const [confirming, setConfirming] = useState(false);
  const deleted = useRef(false);

  const rename = async (event: React.FormEvent) => {
    event.preventDefault();
    // The Groups dialog's own form is outside this one; the submit stops here.
    event.stopPropagation();
    if (!name.trim()) return fieldErrors.set(inputId, t("nameRequired"));
    setBusy(true);
    fieldErrors.clear();
    const result = await renameGroup(group.id, name);
    setBusy(false);
    if (!result.ok) {
      if (!fieldErrors.show(result)) fieldErrors.setFormError(errorText(result));
      return;
    }
    setName(result.data.name);
    toast.success(t("renamed", { name: result.data.name }));
    onChanged();
  };

  const remove = async (event: React.MouseEvent) => {
    // The question stays open until the answer comes.
    event.preventDefault();
    setBusy(true);
    const result = await deleteGroup(group.id);
    setBusy(false);
    if (!result.ok) {
      setConfirming(false);
      return toast.error(t("errorTitle"), { description: errorText(result) });
    }
    deleted.current = true;
    setConfirming(false);
    toast.success(t("deleted", { name: group.name }));
  };

  return (
    <FieldErrorsContext value={fieldErrors.errors}>
      <li className="grid gap-2 rounded-md border p-3" data-testid="group-row">
        <form className="flex flex-wrap items-center gap-2" onSubmit={rename} noValidate>
          <label htmlFor={inputId} className="sr-only">
            {t("renameLabel", { name: group.name })}
          </label>
          <Input
            id={inputId}
            value={name}
            maxLength={GROUP_NAME_MAX_LENGTH}
            autoComplete="off"
            className="min-w-0 flex-1 basis-40"
            {...fieldAria(fieldErrors.errors, inputId)}
            onChange={(event) => {
              fieldErrors.clear(inputId);
              setName(event.target.value);
            }}
          />
          <Button type="submit" size="sm" variant="outline" disabled={busy || name === group.name}>
            {t("rename")}
          </Button>
        </form>
        <FieldError htmlFor={inputId} />
        <FormError text={fieldErrors.formError} />
        <div className="flex flex-wrap items-center gap-2">
          <span className="mr-auto text-sm text-muted-foreground">
            {t("memberCount", { count: group.memberCount })}
          </span>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={t("showLabel", { name: group.name })}
            onClick={onShow}
          >
            {t("show")}
          </Button>
          <AlertDialog open={confirming} onOpenChange={setConfirming}>
            <AlertDialogTrigger asChild>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="text-destructive"
                disabled={busy}
                aria-label={t("deleteLabel", { name: group.name })}
              >
                <Trash2 aria-hidden /> {t("delete")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent
              onCloseAutoFocus={(event) => {
                // The row and its Delete button go once the list reloads: focus goes elsewhere
                // first, and the reload waits for the question to close.
                if (!deleted.current) return;
                event.preventDefault();
                onDeleted();
                onChanged();
              }}
            >
              <AlertDialogHeader>
                <AlertDialogTitle>{t("deleteTitle", { name: group.name })}</AlertDialogTitle>
                <AlertDialogDescription>
                  {t("deleteDescription", { count: group.memberCount })}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                <AlertDialogAction
                  className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
                  disabled={busy}
                  onClick={(event) => void remove(event)}
                >
                  {t("deleteConfirm")}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </li>
    </FieldErrorsContext>
  );
}
