"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { fieldTokens } from "@/lib/messages/field-names";
import { ManageTemplatesDialog } from "./manage-templates-dialog";
import { SaveTemplateDialog } from "./save-template-dialog";
import { useMessageTemplates } from "./use-message-templates";

/** Built-in suggestions, written in messages/*.json (messageTemplates.builtins) in each language. */
const BUILT_INS = ["birthday", "appointment", "thankYou"] as const;

interface TemplatePickerProps {
  /** The user's language: their templates in it come first. */
  locale: string;
  message: string;
  onPick(body: string): void;
}

/** "Templates": fills the message from a saved or built-in template; saves and manages the user's. */
export function TemplatePicker({ locale, message, onPick }: TemplatePickerProps) {
  const t = useTranslations("messageTemplates");
  const screenLocale = useLocale();
  const { templates, reload } = useMessageTemplates();
  const [saveOpen, setSaveOpen] = useState(false);
  const [manageOpen, setManageOpen] = useState(false);
  const own = templates.filter((template) => template.locale === locale);
  const others = templates.filter((template) => template.locale !== locale);

  function pick(value: string) {
    const [kind, key] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
    const builtIn = BUILT_INS.find((name) => name === key);
    // Built-in bodies take their fields as values: written in the screen's names ("{nombre}").
    const body =
      kind === "builtin" && builtIn
        ? t(`builtins.${builtIn}.body`, fieldTokens(screenLocale))
        : templates.find((template) => template.id === key)?.body;
    if (typeof body === "string") onPick(body);
  }

  return (
    <div className="grid gap-1">
      <Label htmlFor="reminder-template">{t("picker")}</Label>
      <div className="flex flex-wrap gap-2">
        <div className="min-w-40 flex-1">
          <NativeSelect id="reminder-template" value="" onChange={(e) => pick(e.target.value)}>
            <NativeSelectOption value="">{t("pickerPlaceholder")}</NativeSelectOption>
            {own.length > 0 && (
              <optgroup label={t("yours")}>
                {own.map((template) => (
                  <NativeSelectOption key={template.id} value={`saved:${template.id}`}>
                    {template.name}
                  </NativeSelectOption>
                ))}
              </optgroup>
            )}
            <optgroup label={t("builtIn")}>
              {BUILT_INS.map((key) => (
                <NativeSelectOption key={key} value={`builtin:${key}`}>
                  {t(`builtins.${key}.name`)}
                </NativeSelectOption>
              ))}
            </optgroup>
            {others.length > 0 && (
              <optgroup label={t("otherLanguages")}>
                {others.map((template) => (
                  <NativeSelectOption key={template.id} value={`saved:${template.id}`}>
                    {`${template.name} (${template.locale})`}
                  </NativeSelectOption>
                ))}
              </optgroup>
            )}
          </NativeSelect>
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() => (message.trim() ? setSaveOpen(true) : toast.error(t("emptyMessage")))}
        >
          {t("save")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setManageOpen(true)}>
          {t("manage")}
        </Button>
      </div>
      <SaveTemplateDialog open={saveOpen} onOpenChange={setSaveOpen} body={message} onSaved={reload} />
      <ManageTemplatesDialog
        open={manageOpen}
        onOpenChange={setManageOpen}
        templates={templates}
        onChanged={reload}
      />
    </div>
  );
}
