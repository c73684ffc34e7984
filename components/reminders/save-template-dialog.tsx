"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
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
import { FieldError, FieldErrorsContext, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import { TEMPLATE_NAME_MAX_LENGTH } from "@/lib/validations/template";

/** The request field the dialog has a control for. */
const CONTROLS = { name: "template-name" } as const;

interface SaveTemplateDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  body: string;
  onSaved(): void;
}

/** "Save as template": asks for a name and saves the message as it is, fields included. */
export function SaveTemplateDialog({ open, onOpenChange, body, onSaved }: SaveTemplateDialogProps) {
  const t = useTranslations("messageTemplates");
  const errorText = useApiErrorText();
  const [name, setName] = useState("");
  const [saving, setSaving] = useState(false);
  const fieldErrors = useFieldErrors(CONTROLS);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    // The outer reminder form must not submit with this one.
    event.stopPropagation();
    setSaving(true);
    fieldErrors.clear();
    const result = await apiResult("POST", "/api/templates", { name, body }).catch(() => null);
    setSaving(false);
    if (!result) return toast.error(t("errorTitle"), { description: t("networkError") });
    // A refusal of the name shows under it; one of the whole template (a limit), above the buttons.
    if (!result.ok) {
      if (!fieldErrors.show(result)) fieldErrors.setFormError(errorText(result));
      return;
    }
    toast.success(t("saved"));
    setName("");
    onOpenChange(false);
    onSaved();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" closeLabel={t("close")}>
        <DialogHeader>
          <DialogTitle>{t("saveTitle")}</DialogTitle>
          <DialogDescription>{t("saveDescription")}</DialogDescription>
        </DialogHeader>
        <FieldErrorsContext value={fieldErrors.errors}>
          <form onSubmit={save} className="grid gap-3" noValidate>
            <div className="grid gap-1">
              <Label htmlFor="template-name">{t("nameLabel")}</Label>
              <Input
                id="template-name"
                value={name}
                maxLength={TEMPLATE_NAME_MAX_LENGTH}
                required
                {...fieldAria(fieldErrors.errors, CONTROLS.name)}
                onChange={(e) => {
                  fieldErrors.clear(CONTROLS.name);
                  setName(e.target.value);
                }}
              />
              <FieldError htmlFor={CONTROLS.name} />
            </div>
            <FormError text={fieldErrors.formError} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={saving || !name.trim()}>
                {saving ? t("saving") : t("saveButton")}
              </Button>
            </DialogFooter>
          </form>
        </FieldErrorsContext>
      </DialogContent>
    </Dialog>
  );
}
