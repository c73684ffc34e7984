import { describe, expect, it } from "vitest";
import { listContactOptions } from "@/lib/reminders/list-contact-options";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

describe("the reminder dialog's contact picker", () => {
  it.each([
    ["en", ["ana", "Élodie", "Ñu", "Nube", "Zoë"]],
    ["es", ["ana", "Élodie", "Nube", "Ñu", "Zoë"]],
  ] as const)("lists contacts by name in the user's language (%s)", async (locale, order) => {
    const { user } = await createSignedInUser({ locale });
    for (const name of ["Zoë", "Ñu", "Élodie", "Nube", "ana"]) {
      await createContact(user.id, { name, email: null, phone: "+14155550101" });
    }
    expect((await listContactOptions(user.id, locale)).map((c) => c.name)).toEqual(order);
  });
});
