"use client";

import { useEffect, useRef } from "react";
import { useLocale, useTranslations } from "next-intl";
import { FileUp, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/locales";
import type { ImportField } from "@/lib/contacts/file-columns";
import type { ImportPreview } from "@/lib/contacts/import-preview";
import { formatDayAndMonth } from "@/lib/messages/render-fields";
import { parseYearlyDate, type ImportRow } from "@/lib/validations/contact-import";
import { useImportReason, useLeftOutText } from "./use-import-reason";

/** Rows the preview shows; the rest are counted. */
export const PREVIEW_ROWS = 5;

/** A file's date as a person reads it ("3 March 1986", "14 July"); one not read yet as written. */
function shownDate(raw: string, locale: Locale): string {
  const date = parseYearlyDate(raw);
  if (!date) return raw;
  if (date.year === null) return formatDayAndMonth({ year: 2000, month: date.month, day: date.day }, locale);
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(date.year, date.month - 1, date.day)),
  );
}

function cellOf(row: ImportRow, field: ImportField, locale: Locale): string {
  if (field === "groups") return (row.groups ?? []).join(", ");
  const value = row[field] ?? "";
  return field === "birthday" || field === "anniversary" ? shownDate(value, locale) : value;
}

/**
 * What a chosen file will import, before anything is sent: the columns understood and ignored,
 * the first rows as they will be imported (a table scrolling sideways in its own box), the rows
 * that will be skipped and the details left out, then "Import N contacts" or another file. Its
 * heading takes focus when it appears, so a screen reader starts there.
 */
export function ImportPreviewPanel({
  preview,
  intoGroup,
  pending,
  onConfirm,
  onChooseAnother,
}: {
  preview: ImportPreview;
  /** The group the dialog puts every contact into, when one is chosen and named. */
  intoGroup: string | null;
  pending: boolean;
  onConfirm(): void;
  onChooseAnother(): void;
}) {
  const t = useTranslations("contactImport");
  const locale = useLocale() as Locale;
  const reason = useImportReason();
  const leftOutText = useLeftOutText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [preview]);

  const fieldName = (field: ImportField) => t(`fields.${field}`);
  const fields = preview.understood.map((u) => u.field);
  const shown = preview.rows.slice(0, PREVIEW_ROWS);
  const total = preview.rows.length;
  const understood = preview.understood
    .map(({ field, labels }) => {
      const name = fieldName(field);
      const same = labels.length === 1 && labels[0].toLowerCase() === name.toLowerCase();
      return same ? name : t("columnFrom", { field: name, columns: labels.join(", ") });
    })
    .join(", ");

  return (
    <section
      aria-labelledby="import-preview-title"
      className="grid min-w-0 gap-3"
      data-testid="import-preview"
    >
      <h3
        id="import-preview-title"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {t("previewTitle")}
      </h3>
      <p className="text-sm" data-testid="import-preview-count">
        {t("previewCount", { count: total })}
        {preview.skipped.length > 0 ? ` ${t("previewSkippedCount", { count: preview.skipped.length })}` : ""}
        {intoGroup && total > 0 ? ` ${t("previewIntoGroup", { name: intoGroup })}` : ""}
      </p>
      <dl className="grid gap-1 text-sm">
        <dt className="font-medium">{t("columnsUnderstood")}</dt>
        <dd className="break-words text-muted-foreground" data-testid="import-columns-understood">
          {understood}
        </dd>
        {preview.ignored.length > 0 ? (
          <>
            <dt className="font-medium">{t("columnsIgnored")}</dt>
            <dd className="break-words text-muted-foreground" data-testid="import-columns-ignored">
              {preview.ignored.join(", ")}
            </dd>
          </>
        ) : null}
      </dl>
      {total > 0 ? (
        <div className="grid min-w-0 gap-1">
          {/* Outside the table, which scrolls sideways: the words stay in view. */}
          <p
            id="import-preview-caption"
            className="text-sm text-muted-foreground"
            data-testid="import-preview-caption"
          >
            {total > shown.length
              ? t("previewFirstRows", { shown: shown.length, total })
              : t("previewAllRows", { count: total })}
          </p>
          {/* Focusable, so the keyboard can scroll it. */}
          <div
            role="region"
            aria-labelledby="import-preview-caption"
            tabIndex={0}
            className="max-w-full overflow-x-auto rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <table
              aria-labelledby="import-preview-caption"
              className="w-full text-left text-sm"
              data-testid="import-preview-table"
            >
              <thead>
                <tr className="border-b">
                  <th scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                    {t("rowHeader")}
                  </th>
                  {fields.map((field) => (
                    <th key={field} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                      {fieldName(field)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.line} className="border-b last:border-b-0">
                    <td className="px-2 py-1 text-muted-foreground tabular-nums">{row.line}</td>
                    {fields.map((field) =>
                      field === "name" ? (
                        <th key={field} scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                          {cellOf(row, field, locale)}
                        </th>
                      ) : (
                        <td key={field} className="px-2 py-1 whitespace-nowrap">
                          {cellOf(row, field, locale)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      <PreviewLines
        id="import-preview-skipped"
        title={t("skippedTitle")}
        lines={preview.skipped.map((row) => ({
          key: `${row.line}-${row.reason}`,
          text: t("failureRow", { line: row.line, reason: reason(row) }),
        }))}
      />
      <PreviewLines
        id="import-preview-left-out"
        title={t("leftOutPreviewTitle")}
        lines={preview.leftOut.map((detail) => ({
          key: `${detail.line}-${detail.field}`,
          text: leftOutText(detail),
        }))}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onConfirm} disabled={pending || total === 0}>
          <Upload /> {pending ? t("importing") : t("importCount", { count: total })}
        </Button>
        <Button type="button" variant="outline" onClick={onChooseAnother} disabled={pending}>
          <FileUp /> {t("chooseAnother")}
        </Button>
      </div>
    </section>
  );
}

/** A titled list of rows the preview names (skipped rows, details left out); nothing when empty. */
function PreviewLines({
  id,
  title,
  lines,
}: {
  id: string;
  title: string;
  lines: { key: string; text: string }[];
}) {
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-1">
      <h4 id={id} className="text-sm font-medium">
        {title}
      </h4>
      <ul className="max-h-40 overflow-y-auto rounded-md border p-2 text-sm" data-testid={id}>
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ul>
    </section>
  );
}
