import { z } from "zod";
import { issueParams } from "@/lib/errors/zod-error";
import { maxDayOf } from "./contact-date";
import { GROUP_LIMIT, GROUP_NAME_MAX_LENGTH } from "./group";

/** A row's group names as the import uses them: trimmed, empty ones dropped. */
export function rowGroupNames(row: { groups?: readonly string[] }): string[] {
  return (row.groups ?? []).map((name) => name.trim()).filter(Boolean);
}

/** The first of a row's group names that breaks the group name rule (too long), if any. */
export function tooLongGroupName(row: { groups?: readonly string[] }): string | undefined {
  return rowGroupNames(row).find((name) => name.length > GROUP_NAME_MAX_LENGTH);
}

/** What an import answers for a group name that cannot be a group's (English, for API callers). */
export function groupNameTooLongMessage(line: number | undefined, name: string): string {
  const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
  const where = line === undefined ? "" : `Row ${line}: `;
  return `${where}the group name "${shown}" is longer than ${GROUP_NAME_MAX_LENGTH} characters`;
}

/** POST /api/contacts/import: rows already split by the CSV parser or the phone picker. */
export const importRowSchema = z
  .object({
    /** Where the row came from (its line in the file), echoed in failure reports. */
    line: z.number().int().min(1).optional(),
    name: z.string().max(1000).optional(),
    email: z.string().max(1000).optional(),
    phone: z.string().max(1000).optional(),
    relationship: z.string().max(1000).optional(),
    timezone: z.string().max(1000).optional(),
    locale: z.string().max(1000).optional(),
    /**
     * 'YYYY-MM-DD', or without a year '--MM-DD' / 'MM-DD'; a numeric date (3/14/1986) is read in
     * the user's order when both numbers could be the day (lib/contacts/read-file-date.ts).
     */
    birthday: z.string().max(100).optional(),
    anniversary: z.string().max(100).optional(),
    /** The country the file gives for the contact (code or name): its phone is read there first. */
    country: z.string().max(1000).optional(),
    /**
     * The groups the contact goes into, by name (a file's Group column, vCard CATEGORIES): found
     * whatever their case, else created. A name longer than a group's refuses the whole import.
     */
    groups: z.array(z.string().max(1000)).max(GROUP_LIMIT).optional(),
  })
  .strict()
  .superRefine((row, ctx) => {
    const name = tooLongGroupName(row);
    if (name !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["groups"],
        message: groupNameTooLongMessage(row.line, name),
        params: issueParams("group_name_too_long"),
      });
  });
/**
 * The rows, and optionally the group they go into: an existing one (`groupId`) or a new one
 * (`newGroupName`), not both.
 */
export const importBodySchema = z
  .object({
    rows: z.array(importRowSchema).min(1).max(10_000),
    groupId: z.string().min(1).max(100).optional(),
    newGroupName: z.string().trim().min(1, "Name is required").max(GROUP_NAME_MAX_LENGTH).optional(),
  })
  .strict()
  .refine((body) => !(body.groupId && body.newGroupName), {
    message: "Choose an existing group or a new group's name, not both",
    path: ["newGroupName"],
  });
export type ImportBody = z.output<typeof importBodySchema>;
export type ImportRow = z.infer<typeof importRowSchema>;

const FULL = /^(\d{4})-?(\d{2})-?(\d{2})$/;
// RFC 6350 4.3.1 "--MMDD" / "--MM-DD" and the spreadsheet "MM-DD": a date without its year.
const NO_YEAR = /^(?:--)?(\d{2})-?(\d{2})$/;

/**
 * A date from a contacts file: 'YYYY-MM-DD' (or vCard's 'YYYYMMDD'), or without a year
 * '--MM-DD', '--MMDD' or 'MM-DD'. A vCard time part ('T...') is ignored. Null when unreadable.
 */
export function parseYearlyDate(raw: string): { month: number; day: number; year: number | null } | null {
  const value = raw.trim().split("T")[0];
  const full = FULL.exec(value);
  const bare = full ? null : NO_YEAR.exec(value);
  if (!full && !bare) return null;
  const [year, month, day] = full ? full.slice(1).map(Number) : [null, Number(bare![1]), Number(bare![2])];
  if (month < 1 || month > 12 || day < 1 || day > maxDayOf(month, year)) return null;
  if (year !== null && (year < 1900 || year > 2100)) return null;
  return { month, day, year };
}
