import { fromZodError } from "@/lib/api/errors";
import type { User } from "@/lib/users/find-session-user";
import { countryOf } from "@/lib/validations/phone";
import { buildContactSchema, type ContactInput } from "@/lib/validations/contact";

/** The contact schema with the user's own phone country as the default region; 400 if invalid. */
export function parseContactInput(user: Pick<User, "phone">, raw: unknown): ContactInput {
  const result = buildContactSchema(countryOf(user.phone)).safeParse(raw);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
