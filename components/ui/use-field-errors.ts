"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { fieldProblemsOf, type FieldProblem } from "@/lib/api-client/field-problems";
import { fieldTokens } from "@/lib/messages/field-names";

/**
 * A form's field errors from a refusal (a client-side zod error or the API's answer): each
 * request path (`contactId`, `frequencyConfig.days`; a path also covers the paths under it) is
 * shown at the control `controls[path]`, in the user's language; the first invalid control in
 * the page's order takes focus. `show` answers whether any field was named, so the caller shows
 * the rest (a network failure, a limit) another way.
 */
export function useFieldErrors(controls: Readonly<Record<string, string>>) {
  const t = useTranslations("errors");
  const locale = useLocale();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusNext = useRef<string[] | null>(null);

  const textOf = useCallback(
    // A rule's code has its words; a malformed value gets the general ones (zod's are English).
    // A message's field mistake names the fields as this language writes them.
    (problem: FieldProblem) => t(problem.code ?? "invalid_input", fieldTokens(locale)),
    [t, locale],
  );

  const controlOf = useCallback(
    (path: string) => {
      let best: string | undefined;
      for (const known of Object.keys(controls)) {
        const covers = path === known || path.startsWith(`${known}.`);
        if (covers && (!best || known.length > best.length)) best = known;
      }
      return best ? controls[best] : undefined;
    },
    [controls],
  );

  const show = useCallback(
    (failure: unknown): boolean => {
      const next: Record<string, string> = {};
      for (const problem of fieldProblemsOf(failure)) {
        const control = controlOf(problem.path);
        if (control && !next[control]) next[control] = textOf(problem);
      }
      setErrors(next);
      setFormError(null);
      const ids = Object.keys(next);
      focusNext.current = ids.length ? ids : null;
      return ids.length > 0;
    },
    [controlOf, textOf],
  );

  // After the errors render: the first invalid control in document order takes focus.
  useEffect(() => {
    const ids = focusNext.current;
    if (!ids) return;
    focusNext.current = null;
    const elements = ids
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    elements[0]?.focus();
  }, [errors]);

  /** The errors of the form's own check, by control id (words already in the user's language). */
  const setAll = useCallback((next: Readonly<Record<string, string>>) => {
    setErrors({ ...next });
    setFormError(null);
    const ids = Object.keys(next);
    focusNext.current = ids.length ? ids : null;
  }, []);

  /** One control's error from the form's own check. */
  const set = useCallback((controlId: string, text: string) => setAll({ [controlId]: text }), [setAll]);

  /** A changed control drops its error; no argument drops them all. */
  const clear = useCallback((controlId?: string) => {
    setFormError(null);
    setErrors((current) => {
      if (controlId === undefined) return Object.keys(current).length ? {} : current;
      if (!(controlId in current)) return current;
      const rest = { ...current };
      delete rest[controlId];
      return rest;
    });
  }, []);

  return useMemo(
    () => ({ errors, formError, setFormError, show, set, setAll, clear }),
    [errors, formError, show, set, setAll, clear],
  );
}
