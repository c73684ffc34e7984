import { describe, expect, it } from "vitest";
import { readQuickAdd } from "@/lib/reminders/read-quick-add";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

describe("quick add on the server", () => {
  it("reads a line with the person's zone and only their workspace's contacts", async () => {
    const { user, actor } = await createSignedInUser({ timezone: "Pacific/Auckland", locale: "en" });
    const { user: other } = await createSignedInUser();
    const mama = await createContact(user.id, { name: "Mamá", phone: "+34600111222" });
    await createContact(other.id, { name: "Paul", phone: "+33600111222" });
    // 23:30 UTC on 10 March 2026 is already 11 March in Auckland.
    const now = new Date("2026-03-10T23:30:00Z");

    const reading = await readQuickAdd(actor, "recordar a mamá mañana a las 9 por SMS", "es", now);
    expect(reading.draft.contact).toMatchObject({
      status: "matched",
      contact: { id: mama.id, name: "Mamá" },
    });
    expect(reading.draft.channel).toBe("sms");
    expect(reading.draft.schedule).toEqual({ scheduleType: "once", scheduledFor: "2026-03-12T09:00" });
    expect(reading.contacts.map((c) => c.name)).toEqual(["Mamá"]);

    const stranger = await readQuickAdd(actor, "rappeler Paul le 3 avril à 10h", "fr", now);
    expect(stranger.draft.contact).toMatchObject({ status: "unknown", span: { text: "Paul" } });
  });
});
