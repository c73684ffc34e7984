"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldError, FieldErrorsContext, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import { TEMPLATE_LIMIT, TEMPLATE_NAME_MAX_LENGTH } from "@/lib/validations/template";
import type { SavedTemplate } from "./use-message-templates";

interface ManageTemplatesDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  templates: SavedTemplate[];
  onChanged(): void;
}

/** The user's saved templates, each renamable and deletable. */
export function ManageTemplatesDialog({
  open,
  onOpenChange,
  templates,
  onChanged,
}: ManageTemplatesDialogProps) {
  const t = useTranslations("messageTemplates");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("close")}>
        <DialogHeader>
          <DialogTitle>{t("manageTitle")}</DialogTitle>
          <DialogDescription>{t("manageDescription", { limit: TEMPLATE_LIMIT })}</DialogDescription>
        </DialogHeader>
        {templates.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <ul className="grid max-h-96 gap-3 overflow-y-auto">
            {templates.map((template) => (
              <TemplateRow key={template.id} template={template} onChanged={onChanged} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TemplateRow({ template, onChanged }: { template: SavedTemplate; onChanged(): void }) {
  const t = useTranslations("messageTemplates");
  const errorText = useApiErrorText();
  const [name, setName] = useState(template.name);
  const [busy, setBusy] = useState(false);
  const inputId = `template-${template.id}`;
  const controls = useMemo(() => ({ name: inputId }), [inputId]);
  const fieldErrors = useFieldErrors(controls);

  async function call(method: "PUT" | "DELETE", done: string) {
    setBusy(true);
    fieldErrors.clear();
    const result = await apiResult(
      method,
      `/api/templates/${template.id}`,
      method === "PUT" ? { name } : undefined,
    ).catch(() => null);
    setBusy(false);
    if (!result) return toast.error(t("errorTitle"), { description: t("networkError") });
    // A refusal of the name shows under it; any other refusal beside the row's buttons.
    if (!result.ok) {
      if (!fieldErrors.show(result)) fieldErrors.setFormError(errorText(result));
      return;
    }
    toast.success(done);
    onChanged();
  }

  return (
    <FieldErrorsContext value={fieldErrors.errors}>
      <li className="grid gap-1 rounded-md border p-2">
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            void call("PUT", t("renamed"));
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            {t("renameLabel", { name: template.name })}
          </label>
          <Input
            id={inputId}
            value={name}
            maxLength={TEMPLATE_NAME_MAX_LENGTH}
            {...fieldAria(fieldErrors.errors, inputId)}
            onChange={(e) => {
              fieldErrors.clear(inputId);
              setName(e.target.value);
            }}
          />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={busy || !name.trim() || name === template.name}
          >
            {t("rename")}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={busy}
            aria-label={t("deleteLabel", { name: template.name })}
            onClick={() => void call("DELETE", t("deleted"))}
          >
            {t("delete")}
          </Button>
        </form>
        <FieldError htmlFor={inputId} />
        <FormError text={fieldErrors.formError} />
        <p className="truncate text-xs text-muted-foreground">{template.body}</p>
      </li>
    </FieldErrorsContext>
  );
}
