"use client";

import { useCallback } from "react";
import { useLocale, useTranslations } from "next-intl";
import { isErrorCode } from "@/lib/errors/error-codes";
import { fieldTokens } from "@/lib/messages/field-names";
import type { CallFailure } from "./call-result";
import { ApiRequestError, errorMessage } from "./request";

const isResult = (value: unknown): value is Pick<CallFailure, "code" | "message"> =>
  typeof value === "object" &&
  value !== null &&
  "code" in value &&
  "message" in value &&
  !(value instanceof Error);

/**
 * The text a screen shows for a failed API call: the translation of the error's `code`
 * (`errors.<code>`), else the server's English message.
 */
export function useApiErrorText() {
  const t = useTranslations("errors");
  const locale = useLocale();
  return useCallback(
    // A thrown value, or a failed CallResult (fetch client or server action).
    (failure: unknown): string => {
      const code =
        failure instanceof ApiRequestError ? failure.code : isResult(failure) ? failure.code : null;
      const fallback = isResult(failure) ? failure.message : errorMessage(failure);
      // Every code has a message in each language (tests/unit/api/error-codes.test.ts); those
      // about message fields name them as this language writes them.
      return isErrorCode(code) ? t(code, fieldTokens(locale)) : fallback;
    },
    [t, locale],
  );
}
