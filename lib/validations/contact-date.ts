import { z } from "zod";
import { CONTACT_DATE_KINDS } from "@/db/schema/enums";
import { daysInMonth } from "@/lib/recurrence/civil-date";

export const INVALID_DATE_MESSAGE = "Not a real date";
export const LABEL_REQUIRED_MESSAGE = "A custom date needs a label";
export const DUPLICATE_KIND_MESSAGE = "Only one birthday and one anniversary per contact";
export const MAX_CONTACT_DATES = 20;

/** The most days a day of that month can have: 29 February is allowed without a year. */
export function maxDayOf(month: number, year: number | null): number {
  return daysInMonth(year ?? 2000, month);
}

/** One of a contact's yearly dates, as the form and the API send it (the year is optional). */
export const contactDateSchema = z
  .object({
    /** A stored date's id keeps it (and the reminders made from it); without one it is new. */
    id: z.string().min(1).max(64).optional(),
    kind: z.enum(CONTACT_DATE_KINDS),
    label: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
    month: z.coerce.number().int().min(1).max(12),
    day: z.coerce.number().int().min(1).max(31),
    year: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((value) => (value === "" || value === undefined || value === null ? null : Number(value)))
      .pipe(z.number().int().min(1900).max(2100).nullable()),
  })
  .superRefine((value, ctx) => {
    if (value.day > maxDayOf(value.month, value.year))
      ctx.addIssue({ code: "custom", path: ["day"], message: INVALID_DATE_MESSAGE });
    if (value.kind === "custom" && !value.label)
      ctx.addIssue({ code: "custom", path: ["label"], message: LABEL_REQUIRED_MESSAGE });
  })
  // A birthday or an anniversary carries no label: the kind names it.
  .transform((value) => ({ ...value, label: value.kind === "custom" ? value.label : null }));

/** The whole set of a contact's dates (replaced as a set on update). */
export const contactDatesSchema = z
  .array(contactDateSchema)
  .max(MAX_CONTACT_DATES)
  .superRefine((dates, ctx) => {
    for (const kind of ["birthday", "anniversary"] as const) {
      if (dates.filter((d) => d.kind === kind).length > 1)
        ctx.addIssue({ code: "custom", message: DUPLICATE_KIND_MESSAGE });
    }
  });

export type ContactDateFormValue = z.input<typeof contactDateSchema>;
export type ContactDateInput = z.output<typeof contactDateSchema>;

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
