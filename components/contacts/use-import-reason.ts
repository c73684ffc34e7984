"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { importReasonKey, leftOutKeys, type ShownImportFailure } from "@/lib/contacts/import-reason-key";
import type { LeftOutDetail } from "@/lib/contacts/left-out";

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

/** A detail an import left out, as one translated line: "Row 3: Phone “12” left out: ...". */
export function useLeftOutText() {
  const t = useTranslations();
  return useCallback(
    (detail: LeftOutDetail) => {
      const keys = leftOutKeys(detail);
      type Key = Parameters<typeof t>[0];
      return t(keys.key as Key, {
        line: detail.line,
        field: t(keys.fieldKey as Key),
        value: detail.value,
        reason: t(keys.reasonKey as Key),
      });
    },
    [t],
  );
}
