"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import type { CallFailure } from "@/lib/api-client/call-result";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/** A failed group call in words: the error's translation, or "could not reach the server". */
export function useGroupErrorText() {
  const t = useTranslations("groups");
  const errorText = useApiErrorText();
  return useCallback(
    // Status 0: no answer at all (group-calls.ts turns a failed fetch into it).
    (failure: CallFailure) => (failure.status === 0 ? t("networkError") : errorText(failure)),
    [t, errorText],
  );
}
