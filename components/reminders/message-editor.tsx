"use client";

import { useRef } from "react";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { MESSAGE_MAX_LENGTH } from "@/lib/validations/message-fields";
import { MessageFieldButtons } from "./message-field-buttons";
import { TemplatePicker } from "./template-picker";

interface MessageEditorProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** The user's language, for the templates offered first. */
  locale: string;
}

/** The reminder's message: the text, buttons that insert fields at the cursor, and templates. */
export function MessageEditor({ label, placeholder, value, onChange, locale }: MessageEditorProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const aria = useFieldAria("reminder-message");
  return (
    // The text first: the keyboard goes from the contact straight to the message; templates and
    // fields are offered right under it.
    <div className="grid gap-2">
      <div className="grid gap-1">
        <Label htmlFor="reminder-message">{label}</Label>
        <Textarea
          id="reminder-message"
          ref={textareaRef}
          value={value}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        />
        <FieldError htmlFor="reminder-message" />
      </div>
      <MessageFieldButtons textareaRef={textareaRef} value={value} onChange={onChange} />
      <TemplatePicker locale={locale} message={value} onPick={onChange} />
    </div>
  );
}
