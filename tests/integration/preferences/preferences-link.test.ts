import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactDates, deliveries } from "@/db/schema";
import { PREFERENCES_LINK_DAYS } from "@/config/preferences";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { preferencesToken } from "@/lib/consent/preferences-token";
import { db } from "@/lib/db";
import { playbackToken } from "@/lib/media/playback-token";
import { findPreferencesPage } from "@/lib/preferences/find-preferences-page";
import { createContact, createReminder, createSender } from "../../support/delivery-fixtures";
import { insertSentDelivery } from "../../support/media-fixtures";
import { contactRow, postPreferences, preferencesLink, save } from "../../support/preferences-fixtures";
import { ownActor } from "../../support/users";

const DAY_MS = 86_400_000;

/** The page and a write both answer as nobody's: null, and a plain 404 with nothing more said. */
async function expectNothing(token: string) {
  expect(await findPreferencesPage(token)).toBeNull();
  const res = await postPreferences(token, { action: "stop" });
  expect(res.status).toBe(404);
  expect(res.json).toEqual({ code: "not_found", message: "Not found" });
}

/** Another character of the token's alphabet in place of the one at `at`. */
const altered = (token: string, at: number) =>
  token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);

describe("a preferences link", () => {
  it("shows its contact's page: the sender, the channels they have an address for, in their language", async () => {
    const { token } = await preferencesLink({ contact: { email: "ben@example.org", locale: "es" } });
    const page = await findPreferencesPage(token);
    expect(page).toMatchObject({
      locale: "es",
      senderName: "Clínica Sol",
      choosable: ["email", "sms", "whatsapp", "call"],
      optedOut: [],
      accepted: [],
      notBefore: "",
      notAfter: "",
      timeZone: "",
      // A Spanish mobile number keeps Spain's one clock.
      derivedZone: "Europe/Madrid",
      pausedUntil: "",
      stoppedOn: null,
      forgetRequestedOn: null,
    });
  });

  it("speaks the sender's language when the contact chose none, and offers only reachable channels", async () => {
    const { token } = await preferencesLink({
      senderLocale: "fr",
      contact: { email: null, smsOptOut: true },
    });
    const page = await findPreferencesPage(token);
    expect(page?.locale).toBe("fr");
    expect(page?.choosable).toEqual(["whatsapp", "call"]);
    expect(page?.optedOut).toEqual(["sms"]);
  });

  it("is a 404 when forged, altered by one character, or made for a playback link", async () => {
    const { delivery, token, contact } = await preferencesLink();
    await expectNothing("x".repeat(33));
    await expectNothing(preferencesToken(delivery.id, "another-secret"));
    for (const at of [0, 10, 11, 32]) await expectNothing(altered(token, at));
    await expectNothing(playbackToken(delivery.id));
    expect((await contactRow(contact.id)).stoppedAt).toBeNull();
    // The link itself still works.
    expect(await findPreferencesPage(token)).not.toBeNull();
  });

  it(`works for ${PREFERENCES_LINK_DAYS} days after its message was sent, then is a 404`, async () => {
    const now = Date.now();
    const live = await preferencesLink({ sentAt: new Date(now - PREFERENCES_LINK_DAYS * DAY_MS + 60_000) });
    expect(await findPreferencesPage(live.token)).not.toBeNull();
    const old = await preferencesLink({ sentAt: new Date(now - PREFERENCES_LINK_DAYS * DAY_MS - 60_000) });
    await expectNothing(old.token);
    expect((await contactRow(old.contact.id)).stoppedAt).toBeNull();
  });

  it("is a 404 for a message not sent yet", async () => {
    const { delivery, token } = await preferencesLink();
    await db.update(deliveries).set({ sentAt: null, status: "queued" }).where(eq(deliveries.id, delivery.id));
    await expectNothing(token);
  });

  it("is a 404 once its contact is deleted", async () => {
    const { sender, contact, token } = await preferencesLink();
    await deleteContact(await ownActor(sender.id), contact.id);
    await expectNothing(token);
  });

  it("grants only its own contact: one of another workspace named by its delivery is a 404", async () => {
    const { sender, delivery, contact } = await preferencesLink();
    const other = await createSender();
    const stranger = await createContact(other.workspace.id, { name: "Stranger", phone: "+34600999888" });
    // A delivery of the first workspace that names the other's contact grants nothing.
    const crossed = await insertSentDelivery(
      { id: delivery.reminderId, workspaceId: sender.workspace.id, contactId: stranger.id },
      new Date(Date.now() - 60_000),
    );
    await expectNothing(preferencesToken(crossed.id));
    expect((await contactRow(stranger.id)).stoppedAt).toBeNull();
    // The first link stops its own contact, and only it.
    expect((await postPreferences(preferencesToken(delivery.id), { action: "stop" })).status).toBe(200);
    expect((await contactRow(contact.id)).stoppedAt).not.toBeNull();
    expect((await contactRow(stranger.id)).stoppedAt).toBeNull();
  });

  it("is a 404 for a lead reminder's message: it went to a member, not to the contact", async () => {
    const sender = await createSender();
    const contact = await createContact(sender.workspace.id, { name: "Ben" });
    const [date] = await db
      .insert(contactDates)
      .values({ workspaceId: sender.workspace.id, contactId: contact.id, kind: "birthday", month: 5, day: 4 })
      .returning();
    const sentAt = new Date(Date.now() - DAY_MS);
    const lead = await createReminder(sender.workspace.id, contact.id, sentAt, {
      recipient: "owner",
      contactDateId: date.id,
      leadDays: 7,
      status: "sent",
    });
    const delivery = await insertSentDelivery(lead, sentAt);
    await expectNothing(preferencesToken(delivery.id));
    expect(await postPreferences(preferencesToken(delivery.id), save())).toMatchObject({ status: 404 });
  });
});
