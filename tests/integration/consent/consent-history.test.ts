import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { GET as consentGet } from "@/app/api/contacts/[id]/consent/route";
import { GET as listContacts } from "@/app/api/contacts/route";
import { GET as exportGet } from "@/app/api/account/export/route";
import { UNDO_WINDOW_MS } from "@/config/undo";
import { CONSENT_HISTORY_LIMIT } from "@/config/preferences";
import { consentRecords, contacts } from "@/db/schema";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { finishContactDeletions } from "@/lib/contacts/finish-contact-deletions";
import { restoreContact } from "@/lib/contacts/restore-contact";
import { db } from "@/lib/db";
import { callRoute } from "@/tests/support/call-route";
import { createContact } from "@/tests/support/delivery-fixtures";
import { createSignedInMember, createSignedInUser, ownActor } from "@/tests/support/users";

// What a sender sees of their contacts' consent: the card's history (GET /api/contacts/{id}/consent),
// the data export, and the record a request to be forgotten leaves once honoured.

type History = {
  records: {
    id: number;
    at: string;
    channel: string | null;
    change: string;
    source: string;
    wording: string;
  }[];
  hasMore: boolean;
};

const history = (cookie: string, id: string) =>
  callRoute<History>(consentGet, `/api/contacts/${id}/consent`, { cookie, params: { id } });

async function record(
  workspaceId: string,
  contactId: string | null,
  at: string,
  fields: Partial<typeof consentRecords.$inferInsert> = {},
) {
  await db.insert(consentRecords).values({
    workspaceId,
    contactId,
    channel: "sms",
    change: "opted_out",
    source: "sms_reply",
    wording: "STOP",
    at: new Date(at),
    ...fields,
  });
}

describe("GET /api/contacts/{id}/consent", () => {
  it("lists the contact's records newest first, with channel, change, source and words; a viewer may read it", async () => {
    const { user, workspace, cookie } = await createSignedInUser();
    const marie = await createContact(user.id, { name: "Marie", phone: "+33612340001" });
    const other = await createContact(user.id, { name: "Paul" });
    await record(user.id, marie.id, "2031-01-01T10:00:00Z");
    await record(user.id, marie.id, "2031-02-01T10:00:00Z", {
      channel: "call",
      change: "opted_in",
      wording: "Reply CALLS to let Ana call you again with reminders.",
    });
    await record(user.id, marie.id, "2031-03-01T10:00:00Z", {
      channel: null,
      change: "forget_requested",
      source: "preferences_page",
      wording: "Forget me",
    });
    await record(user.id, other.id, "2031-04-01T10:00:00Z");

    const res = await history(cookie, marie.id);
    expect(res.status).toBe(200);
    expect(res.json.hasMore).toBe(false);
    expect(res.json.records.map(({ id: _id, ...r }) => r)).toEqual([
      {
        at: "2031-03-01T10:00:00.000Z",
        channel: null,
        change: "forget_requested",
        source: "preferences_page",
        wording: "Forget me",
      },
      {
        at: "2031-02-01T10:00:00.000Z",
        channel: "call",
        change: "opted_in",
        source: "sms_reply",
        wording: "Reply CALLS to let Ana call you again with reminders.",
      },
      {
        at: "2031-01-01T10:00:00.000Z",
        channel: "sms",
        change: "opted_out",
        source: "sms_reply",
        wording: "STOP",
      },
    ]);

    const viewer = await createSignedInMember(workspace, "viewer");
    expect((await history(viewer.cookie, marie.id)).json.records).toHaveLength(3);
  });

  it("is 404 for another workspace's contact or an unknown id, and 401 signed out", async () => {
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    const theirs = await createContact(a.user.id);
    await record(a.user.id, theirs.id, "2031-01-01T10:00:00Z");
    const res = await history(b.cookie, theirs.id);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "contact_not_found" });
    expect((await history(b.cookie, "no-such-contact")).status).toBe(404);
    expect((await callRoute(consentGet, "/", { params: { id: theirs.id } })).status).toBe(401);
  });

  it("lists the newest CONSENT_HISTORY_LIMIT and says there are more", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    await db.insert(consentRecords).values(
      Array.from({ length: CONSENT_HISTORY_LIMIT + 1 }, (_, i) => ({
        workspaceId: user.id,
        contactId: contact.id,
        channel: "sms",
        change: i % 2 ? "opted_in" : "opted_out",
        source: "sms_reply",
        wording: `reply ${i}`,
        at: new Date(Date.UTC(2031, 0, 1, 0, i)),
      })),
    );
    const res = await history(cookie, contact.id);
    expect(res.json.hasMore).toBe(true);
    expect(res.json.records).toHaveLength(CONSENT_HISTORY_LIMIT);
    expect(res.json.records[0].wording).toBe(`reply ${CONSENT_HISTORY_LIMIT}`);
  });
});

describe("the data export", () => {
  it("holds every consent record of the workspace, oldest first, and no other workspace's", async () => {
    const { user, cookie } = await createSignedInUser();
    const stranger = await createSignedInUser();
    const contact = await createContact(user.id);
    await record(user.id, contact.id, "2031-02-01T10:00:00Z", { change: "opted_in", wording: "START" });
    await record(user.id, contact.id, "2031-01-01T10:00:00Z");
    await record(user.id, null, "2031-03-01T10:00:00Z", {
      channel: null,
      change: "forgotten",
      source: "sender",
      wording: "Deleted at your request: nothing about you is kept.",
      details: { requestedAt: "2031-02-20T10:00:00.000Z" },
    });
    await record(stranger.user.id, null, "2031-01-15T10:00:00Z");
    const res = await callRoute<{ consentRecords: Record<string, unknown>[] }>(
      exportGet,
      "/api/account/export",
      {
        cookie,
      },
    );
    expect(res.status).toBe(200);
    expect(res.json.consentRecords).toEqual([
      {
        contactId: contact.id,
        channel: "sms",
        change: "opted_out",
        source: "sms_reply",
        wording: "STOP",
        details: null,
        at: "2031-01-01T10:00:00.000Z",
      },
      {
        contactId: contact.id,
        channel: "sms",
        change: "opted_in",
        source: "sms_reply",
        wording: "START",
        details: null,
        at: "2031-02-01T10:00:00.000Z",
      },
      {
        contactId: null,
        channel: null,
        change: "forgotten",
        source: "sender",
        wording: "Deleted at your request: nothing about you is kept.",
        details: { requestedAt: "2031-02-20T10:00:00.000Z" },
        at: "2031-03-01T10:00:00.000Z",
      },
    ]);
  });
});

describe("a request to be forgotten", () => {
  const forgotten = (workspaceId: string) =>
    db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.workspaceId, workspaceId), eq(consentRecords.change, "forgotten")));

  it("shows on the contacts list; once the deletion is final a 'forgotten' record is kept, naming nobody", async () => {
    const { user, cookie } = await createSignedInUser();
    const requestedAt = new Date("2031-02-20T10:00:00Z");
    const marie = await createContact(user.id, {
      name: "Marie Dubois",
      email: "marie@example.org",
      locale: "fr",
      forgetRequestedAt: requestedAt,
    });
    await record(user.id, marie.id, "2031-02-20T10:00:00Z", {
      channel: null,
      change: "forget_requested",
      source: "preferences_page",
      wording: "Oubliez-moi",
    });
    const list = await callRoute<{ id: string; forgetRequestedAt: string | null }[]>(
      listContacts,
      "/api/contacts",
      {
        cookie,
      },
    );
    expect(list.json.find((c) => c.id === marie.id)?.forgetRequestedAt).toBe(requestedAt.toISOString());

    const deletedAt = new Date(Date.now() - UNDO_WINDOW_MS - 1_000);
    await deleteContact(await ownActor(user.id), marie.id, deletedAt);
    // Nothing yet: the deletion is final only when its window has passed and the clean-up runs.
    expect(await forgotten(user.id)).toEqual([]);
    const now = new Date();
    await finishContactDeletions(now);

    const [kept] = await forgotten(user.id);
    expect(kept).toMatchObject({
      contactId: null,
      channel: null,
      source: "sender",
      wording: "Supprimé à votre demande : plus rien n'est conservé à votre sujet.",
      details: { requestedAt: requestedAt.toISOString() },
      at: now,
    });
    // Nothing of Marie in it, and her earlier records name her no more.
    expect(JSON.stringify(kept)).not.toMatch(/Marie|marie@example\.org/);
    expect(await db.select().from(consentRecords).where(eq(consentRecords.contactId, marie.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(consentRecords)
        .where(and(eq(consentRecords.workspaceId, user.id), isNull(consentRecords.contactId))),
    ).toHaveLength(2);
    expect(await db.select().from(contacts).where(eq(contacts.id, marie.id))).toEqual([]);
    // Run again: the deletion was final already, nothing more is recorded.
    await finishContactDeletions(new Date());
    expect(await forgotten(user.id)).toHaveLength(1);
  });

  it("a deletion undone in its window, or a contact who never asked, leaves no 'forgotten' record", async () => {
    const { user } = await createSignedInUser();
    const asked = await createContact(user.id, { forgetRequestedAt: new Date("2031-02-20T10:00:00Z") });
    await record(user.id, asked.id, "2031-02-20T10:00:00Z", { change: "forget_requested", channel: null });
    await deleteContact(await ownActor(user.id), asked.id);
    await restoreContact(await ownActor(user.id), asked.id);
    // Undone: its records are its own again.
    expect(await db.select().from(consentRecords).where(eq(consentRecords.contactId, asked.id))).toHaveLength(
      1,
    );

    const never = await createContact(user.id);
    await deleteContact(await ownActor(user.id), never.id, new Date(Date.now() - UNDO_WINDOW_MS - 1_000));
    await finishContactDeletions(new Date());
    expect(await forgotten(user.id)).toEqual([]);
  });
});
