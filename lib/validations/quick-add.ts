import { z } from "zod";
import { LOCALES } from "@/i18n/locales";

/** Longest line quick add reads: a sentence, not a document. */
export const QUICK_ADD_MAX_LENGTH = 300;

/**
 * A quick-add line and the language it is written in (the page's: the user types in the
 * language the page speaks, which may differ from the account's stored one).
 */
export const quickAddInputSchema = z
  .object({
    text: z.string().trim().min(1).max(QUICK_ADD_MAX_LENGTH),
    locale: z.enum(LOCALES),
  })
  .strict();

export type QuickAddInput = z.input<typeof quickAddInputSchema>;

/** POST /api/v1/quick-add: the line, in the key owner's language unless `locale` says another. */
export const quickAddRequestSchema = z
  .object({
    text: z.string().trim().min(1).max(QUICK_ADD_MAX_LENGTH),
    locale: z
      .enum(LOCALES)
      .optional()
      .meta({ description: "The language the line is written in; absent: the key owner's language." }),
  })
  .strict();
