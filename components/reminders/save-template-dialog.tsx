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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import { TEMPLATE_NAME_MAX_LENGTH } from "@/lib/validations/template";

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
  const [error, setError] = useState<string | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    // The outer reminder form must not submit with this one.
    event.stopPropagation();
    setSaving(true);
    setError(null);
    const result = await apiResult("POST", "/api/templates", { name, body }).catch(() => null);
    setSaving(false);
    if (!result) return setError(t("networkError"));
    if (!result.ok) return setError(errorText(result));
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
        <form onSubmit={save} className="grid gap-3" noValidate>
          <div className="grid gap-1">
            <Label htmlFor="template-name">{t("nameLabel")}</Label>
            <Input
              id="template-name"
              value={name}
              maxLength={TEMPLATE_NAME_MAX_LENGTH}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "template-name-error" : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {error && (
              <p id="template-name-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={saving || !name.trim()}>
              {saving ? t("saving") : t("saveButton")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
