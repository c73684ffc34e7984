"use client";

import { useTranslations } from "next-intl";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CONTACTS_TEMPLATE_CSV, CONTACTS_TEMPLATE_FILENAME } from "@/lib/contacts/contacts-template";
import { GROUP_NAME_MAX_LENGTH } from "@/lib/validations/group";

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([CONTACTS_TEMPLATE_CSV], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = CONTACTS_TEMPLATE_FILENAME;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * What a file needs, in plain words first (a spreadsheet or an export; a name and an e-mail or
 * phone per row; optional columns), the template, then the formats and date rules behind a
 * disclosure for whoever wants them.
 */
export function ImportFileHelp() {
  const t = useTranslations("contactImport");
  const td = useTranslations("contactDates");
  return (
    <div className="grid gap-3 text-sm text-muted-foreground" data-testid="import-help">
      <p>{t("csvHelp")}</p>
      <p>{t("groupsHelp")}</p>
      <Button type="button" variant="outline" onClick={downloadTemplate} className="w-fit">
        <Download /> {t("downloadTemplate")}
      </Button>
      <details data-testid="import-details">
        <summary className="cursor-pointer font-medium text-foreground">{t("detailsSummary")}</summary>
        <div className="mt-2 grid gap-2">
          <p>{t("formatsHelp")}</p>
          <p>{td("importHelp")}</p>
          <p>{t("groupsDetail", { max: GROUP_NAME_MAX_LENGTH })}</p>
        </div>
      </details>
    </div>
  );
}
