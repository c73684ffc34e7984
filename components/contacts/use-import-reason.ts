"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { importReasonKey, type ShownImportFailure } from "@/lib/contacts/import-reason-key";

/** An import failure reason (a failed row, or a file's problem) in the user's language. */
export function useImportReason() {
  const t = useTranslations();
  return useCallback(
    (failure: ShownImportFailure | string) => {
      const shown = typeof failure === "string" ? { line: 0, reason: failure } : failure;
      const found = importReasonKey(shown);
      if (!found) return shown.reason;
      const key = found.key as Parameters<typeof t>[0];
      return found.fieldKey ? t(key, { field: t(found.fieldKey as Parameters<typeof t>[0]) }) : t(key);
    },
    [t],
  );
}
