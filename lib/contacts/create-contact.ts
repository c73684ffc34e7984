import { ApiError, conflict } from "@/lib/api/errors";
import type { User } from "@/lib/users/find-session-user";
import type { ContactInput } from "@/lib/validations/contact";
import { contactLimitOf } from "./contact-limit";
import { duplicateProblem } from "./duplicate-keys";
import { getContact } from "./get-contact";
import { insertContacts } from "./insert-contacts";

/** POST /api/contacts: 201 with the contact, 403 at the plan's limit, 409 on a duplicate. */
export async function createContact(user: User, input: ContactInput) {
  const [outcome] = await insertContacts(user.id, [input]);
  if (!outcome.ok) {
    if (outcome.limitReached) {
      throw new ApiError(
        403,
        { code: "contact_limit", message: outcome.reason },
        {
          limit: contactLimitOf(user.planType),
        },
      );
    }
    throw conflict(duplicateProblem(outcome.reason));
  }
  return getContact(user.id, outcome.id);
}
