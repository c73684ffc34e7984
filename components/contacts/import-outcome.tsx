"use client";

import { useTranslations } from "next-intl";
import type { ShownImportFailure } from "@/lib/contacts/import-reason-key";
import type { LeftOutDetail } from "@/lib/contacts/left-out";
import { useImportReason, useLeftOutText } from "./use-import-reason";

/** Under the import: the rows that did not come in, and the details left out of those that did. */
export function ImportOutcome({
  failures,
  leftOut,
}: {
  failures: readonly ShownImportFailure[];
  leftOut: readonly LeftOutDetail[];
}) {
  const t = useTranslations("contactImport");
  const reason = useImportReason();
  const leftOutText = useLeftOutText();
  return (
    <>
      {failures.length > 0 ? (
        <section aria-labelledby="import-failures" className="grid gap-2">
          <h3 id="import-failures" className="text-sm font-medium">
            {t("failuresTitle")}
          </h3>
          <ul
            className="max-h-48 overflow-y-auto rounded-md border p-2 text-sm"
            data-testid="import-failures"
          >
            {failures.map((failure) => (
              <li key={`${failure.line}-${failure.reason}`}>
                {t("failureRow", { line: failure.line, reason: reason(failure) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {leftOut.length > 0 ? (
        <section aria-labelledby="import-left-out" className="grid gap-2">
          <h3 id="import-left-out" className="text-sm font-medium">
            {t("leftOutTitle")}
          </h3>
          <ul
            className="max-h-48 overflow-y-auto rounded-md border p-2 text-sm"
            data-testid="import-left-out"
          >
            {leftOut.map((detail) => (
              <li key={`${detail.line}-${detail.field}`}>{leftOutText(detail)}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
