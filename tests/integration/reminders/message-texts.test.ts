import { describe, expect, it } from "vitest";
import { contactDates } from "@/db/schema";
import { db } from "@/lib/db";
import { listContactOptions } from "@/lib/reminders/list-contact-options";
import { listReminders } from "@/lib/reminders/list-reminders";
import { withMessageTexts } from "@/lib/reminders/with-message-texts";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";

describe("the reminder lists show each message as its contact will read it", () => {
  it("fills {first_name}, {sender}, {age} and {date} as the engine does, in the contact's language", async () => {
    const user = await createSender({ senderName: "Sam", locale: "en" });
    const contact = await createContact(user.id, { name: "Ana María López", locale: "es" });
    const [birthday] = await db
      .insert(contactDates)
      .values({ workspaceId: user.id, contactId: contact.id, kind: "birthday", month: 3, day: 3, year: 1990 })
      .returning();
    const due = new Date("2031-02-24T09:00:00Z");
    await createReminder(user.id, contact.id, due, {
      message: "¡Feliz {age} cumpleaños el {date}, {first_name}! {sender}",
      contactDateId: birthday.id,
      timezone: "Europe/Madrid",
    });
    await createReminder(user.id, contact.id, due, { message: "No fields here" });

    const page = await listReminders(user.id, { status: "all", view: "recent", limit: 10 });
    const listed = await withMessageTexts(user.id, page.items);
    expect(listed.map((r) => r.messageText ?? r.message).sort()).toEqual([
      "No fields here",
      "¡Feliz 41 cumpleaños el 3 de marzo, Ana! Sam",
    ]);
    // The raw message stays for the edit dialog.
    expect(listed.map((r) => r.message)).toContain(
      "¡Feliz {age} cumpleaños el {date}, {first_name}! {sender}",
    );
  });
});

describe("the reminder dialog's contacts", () => {
  it("say whether WhatsApp consent is recorded", async () => {
    const user = await createSender();
    await createContact(user.id, {
      name: "Con",
      whatsappConsentAt: new Date(),
      whatsappConsentSource: "in_person",
    });
    await createContact(user.id, { name: "Sin" });
    const options = await listContactOptions(user.id, "en");
    expect(options.map((c) => [c.name, c.whatsappConsent])).toEqual([
      ["Con", true],
      ["Sin", false],
    ]);
  });
});
