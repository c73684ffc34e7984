"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toLocale } from "@/i18n/locales";
import { readQuickAddLine } from "@/lib/actions/read-quick-add";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import type { QuickAddReading } from "@/lib/reminders/read-quick-add";
import { QUICK_ADD_MAX_LENGTH } from "@/lib/validations/quick-add";

/** A line as typed and what the server read from it. */
export interface QuickAddResult {
  text: string;
  reading: QuickAddReading;
}

/**
 * The quick-add line: a labelled input and 'Fill in' (Enter works too). The line is read on the
 * server in the page's language; nothing is saved, `onRead` gets the draft to fill a form with.
 */
export function QuickAddLine({
  id,
  initialText = "",
  onRead,
}: {
  id: string;
  initialText?: string;
  onRead(result: QuickAddResult): void;
}) {
  const t = useTranslations("quickAdd");
  const locale = toLocale(useLocale());
  const errorText = useApiErrorText();
  const [text, setText] = useState(initialText);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // React events bubble through portals: a form around the dialog must not see this one.
    event.stopPropagation();
    if (busy) return;
    if (!text.trim()) {
      setError(t("empty"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await readQuickAddLine({ text, locale });
      // The server reads the trimmed line: its spans count from there.
      if (result.ok) onRead({ text: text.trim(), reading: result.data });
      else setError(errorText(result));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} className="grid min-w-0 gap-1" noValidate>
      <Label htmlFor={id}>{t("label")}</Label>
      <div className="flex min-w-0 gap-2">
        <Input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("placeholder")}
          maxLength={QUICK_ADD_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="done"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
        />
        {/* Not disabled while reading: a disabled button drops focus. */}
        <Button type="submit" variant="secondary" aria-busy={busy}>
          {busy ? t("reading") : t("fillIn")}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("hint")}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
