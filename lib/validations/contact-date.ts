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
      // A year written as text ("1950"): the pipe below reads it as a number, 1900-2100.
      .union([z.number(), z.string().max(10)])
      .nullish()
      .transform((value) => (value === "" || value === undefined || value === null ? null : Number(value)))
      .pipe(z.number().int().min(1900).max(2100).nullable()),
  })
  .strict()
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
