import "server-only";
import { toLocale } from "@/i18n/locales";
import { DomainError, conflict } from "@/lib/errors/domain-error";
import type { Actor } from "@/lib/workspaces/actor";
import type { ContactInput } from "@/lib/validations/contact";
import { contactLimitOf } from "./contact-limit";
import { duplicateProblem } from "./duplicate-keys";
import { getContact } from "./get-contact";
import { insertContacts } from "./insert-contacts";
import { defaultContactLocale } from "./phone-language";

/**
 * POST /api/contacts: 201 with the contact, 403 at the plan's limit, 409 on a duplicate.
 * Without a chosen language the contact gets its phone's country's language, else the owner's
 * of today (the person adding it), fixed so the message's fixed lines do not change when they later
 * switch the screen language.
 */
export async function createContact(actor: Actor, input: ContactInput) {
  const locale = input.locale ?? defaultContactLocale(input.phone, toLocale(actor.user.locale));
  const [outcome] = await insertContacts(actor, [{ ...input, locale }], "contact.created");
  if (!outcome.ok) {
    if (outcome.limitReached) {
      throw new DomainError(
        "forbidden",
        { code: "contact_limit", message: outcome.reason },
        {
          limit: contactLimitOf(actor.workspace.planType),
        },
      );
    }
    throw conflict(duplicateProblem(outcome.reason));
  }
  return getContact(actor.workspace.id, outcome.id);
}
