import { z } from "zod";
import { LOCALES } from "@/i18n/locales";
import { messageSchema } from "./message-fields";

/** A user keeps at most this many saved message templates (docs/messages.md). */
export const TEMPLATE_LIMIT = 50;
export const TEMPLATE_NAME_MAX_LENGTH = 100;

const name = z.string().trim().min(1, "Name is required").max(TEMPLATE_NAME_MAX_LENGTH);
// {age} is allowed: a template may serve a reminder made from a contact date with a year.
const body = messageSchema({ allowAge: true }).refine(
  (value) => value.trim().length > 0,
  "Message is required",
);

/** POST /api/templates. The language defaults to the user's. */
export const createTemplateSchema = z.object({ name, body, locale: z.enum(LOCALES).optional() }).strict();

/** PUT /api/templates/{id}: rename, rewrite or relabel; at least one of them. */
export const updateTemplateSchema = z
  .object({ name: name.optional(), body: body.optional(), locale: z.enum(LOCALES).optional() })
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Nothing to update");

export type CreateTemplateInput = z.output<typeof createTemplateSchema>;
export type UpdateTemplateInput = z.output<typeof updateTemplateSchema>;

/** Ids are opaque text: an unknown or malformed one is a 404, not a validation error. */
export const templateIdParams = z.object({ id: z.string().min(1).max(100) });
