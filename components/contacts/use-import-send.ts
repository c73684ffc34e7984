"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import type { ImportResult } from "@/lib/contacts/import-contacts";
import type { ShownImportFailure } from "@/lib/contacts/import-reason-key";
import type { LeftOutDetail } from "@/lib/contacts/left-out";
import { apiRequest } from "@/lib/api-client/request";
import type { ImportRow } from "@/lib/validations/contact-import";
import { useImportReason } from "./use-import-reason";

/** Where the import's contacts go besides the groups its rows name: an existing group, a new one, or none. */
export type GroupTarget = { groupId?: string; newGroupName?: string };
/** The import's answer; with groups, each group it filled and how many contacts joined it. */
type GroupImportResult = ImportResult & { groups?: { name: string; added: number }[] };
/** Past this many groups the toast counts them instead of naming each. */
const GROUPS_NAMED = 3;

/**
 * The import's one request and what follows it: the toast (how many came in, failed, were left
 * details out, joined which groups), and the rows that did not come in for the dialog to list.
 * `close` runs when there is nothing to list.
 */
export function useImportSend(onImported: () => void, close: () => void) {
  const t = useTranslations("contactImport");
  const tg = useTranslations("groups");
  const reason = useImportReason();
  const [failures, setFailures] = useState<ShownImportFailure[]>([]);
  const [leftOut, setLeftOut] = useState<LeftOutDetail[]>([]);

  const send = async (
    rows: ImportRow[],
    localFailures: ShownImportFailure[],
    localLeftOut: LeftOutDetail[] = [],
    group: GroupTarget = {},
  ) => {
    const result: GroupImportResult =
      rows.length > 0
        ? await apiRequest<GroupImportResult>("POST", "/api/contacts/import", { rows, ...group })
        : { imported: 0, failed: 0, failures: [], leftOut: [] };
    const all = [...localFailures, ...result.failures].sort((a, b) => a.line - b.line);
    // A detail the browser left out counts only when its contact came in.
    const failedLines = new Set(all.map((f) => f.line));
    const details = [...localLeftOut.filter((d) => !failedLines.has(d.line)), ...result.leftOut].sort(
      (a, b) => a.line - b.line,
    );
    // Contacts already yours that a row matched join the groups too, even with nothing imported.
    const joined = (result.groups ?? []).filter((g) => g.added > 0);
    const intoGroups =
      joined.length > GROUPS_NAMED
        ? tg("importedIntoMany", { count: joined.length })
        : joined.map((g) => tg("importedInto", { count: g.added, name: g.name })).join("");
    const description =
      t("successCount", { count: result.imported }) +
      (all.length > 0 ? t("failedCount", { count: all.length }) : "") +
      (details.length > 0 ? t("leftOutCount", { count: details.length }) : "") +
      intoGroups;
    // Nothing imported is an error with the first reason; a partial import a warning.
    if (result.imported === 0) {
      const first = all[0];
      toast.error(t("nothingImported"), {
        description: first
          ? t("failureRow", { line: first.line, reason: reason(first) }) + intoGroups
          : description,
      });
    } else if (all.length > 0) toast.warning(t("importPartial"), { description });
    else toast.success(t("importComplete"), { description });
    setFailures(all);
    setLeftOut(details);
    if (result.imported > 0 || joined.length > 0) onImported();
    // The dialog stays open while it has something to list.
    if (all.length === 0 && details.length === 0) close();
  };

  const reset = () => {
    setFailures([]);
    setLeftOut([]);
  };

  return { failures, leftOut, send, reset };
}
