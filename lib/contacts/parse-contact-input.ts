import "server-only";
import { fromZodError } from "@/lib/errors/zod-error";
import type { User } from "@/db/schema";
import type { ContactInput } from "@/lib/validations/contact";
import { contactSchemaFor } from "./contact-schema-for";

/** The contact schema in the user's phone region; 400 if invalid. */
export function parseContactInput(user: Pick<User, "phone" | "timezone">, raw: unknown): ContactInput {
  const result = contactSchemaFor(user).safeParse(raw);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
