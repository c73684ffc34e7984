"use client";

import { useLocale, useTranslations } from "next-intl";
import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import { MESSAGE_FIELDS, fieldToken } from "@/lib/messages/field-names";

interface MessageFieldButtonsProps {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange(value: string): void;
}

/**
 * Buttons that put `{first_name}` etc. at the cursor of the message, then return focus there.
 * Each shows and inserts the field's name in the UI's language (`{nombre}`, `{prénom}`).
 */
export function MessageFieldButtons({ textareaRef, value, onChange }: MessageFieldButtonsProps) {
  const t = useTranslations("messagePreview");
  const locale = useLocale();

  function insert(token: string) {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    // After React has written the new value: caret just after the field, typing carries on.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <div role="group" aria-label={t("fieldsLabel")} className="flex flex-wrap items-center gap-1.5">
      <span className="text-xs text-muted-foreground" aria-hidden="true">
        {t("fieldsLabel")}
      </span>
      {MESSAGE_FIELDS.map((field) => {
        const token = fieldToken(field, locale);
        return (
          <Button
            key={field}
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2 font-mono text-xs"
            title={t(`fields.${field}`)}
            onClick={() => insert(token)}
          >
            {token}
            {/* Named by its text, not aria-label: the visible token stays the start of the name. */}
            <span className="sr-only">{` ${t("insertField", { label: t(`fields.${field}`) })}`}</span>
          </Button>
        );
      })}
    </div>
  );
}
