import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { POST as RESTORE } from "@/app/api/contacts/[id]/restore/route";
import { DELETE } from "@/app/api/contacts/[id]/route";
import { UNDO_WINDOW_MS } from "@/config/undo";
import {
  contactDates,
  contacts,
  deletedContacts,
  deliveries,
  deliveryCalls,
  deliveryReplies,
  reminders,
  contactGroups,
  contactGroupMembers,
  consentRecords,
  consentRequests,
} from "@/db/schema";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";
import { CONTACT_ROW_TABLES, deleteContact } from "@/lib/contacts/delete-contact";
import { finishContactDeletions } from "@/lib/contacts/finish-contact-deletions";
import { restoreContact } from "@/lib/contacts/restore-contact";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createContact, createReminder, createSender } from "../../support/delivery-fixtures";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { createSignedInUser, ownActor } from "../../support/users";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  setSmtpUrl(sink.url);
});
afterAll(async () => {
  closeMail();
  await sink.close();
});

/** Every row that belongs to a contact, as the database prints it. */
async function rowsOf(contactId: string) {
  const text = async (statement: ReturnType<typeof sql>) =>
    (await db.execute<{ t: string }>(statement)).rows.map((r) => r.t).sort();
  return {
    contact: await text(sql`select c::text as t from contacts c where c.id = ${contactId}`),
    dates: await text(sql`select d::text as t from contact_dates d where d.contact_id = ${contactId}`),
    reminders: await text(sql`select r::text as t from reminders r where r.contact_id = ${contactId}`),
    deliveries: await text(sql`select d::text as t from deliveries d where d.contact_id = ${contactId}`),
    replies:
      await text(sql`select x::text as t from delivery_replies x join deliveries d on d.id = x.delivery_id
      where d.contact_id = ${contactId}`),
    calls: await text(sql`select x::text as t from delivery_calls x join deliveries d on d.id = x.delivery_id
      where d.contact_id = ${contactId}`),
    consentRequests: await text(
      sql`select x::text as t from consent_requests x where x.contact_id = ${contactId}`,
    ),
    consentRecords: await text(
      sql`select x::text as t from consent_records x where x.contact_id = ${contactId}`,
    ),
  };
}

/**
 * A contact with everything a deletion takes: consent (its records and a request waiting for its
 * reply), a date, reminders, a delivery with a reply and a call.
 */
async function richContact(userId: string) {
  const contact = await createContact(userId, {
    phone: "+34600111222",
    whatsappConsentAt: new Date("2030-01-02T03:04:05.678Z"),
    whatsappConsentSource: "in_person",
    smsOptOut: true,
  });
  const [date] = await db
    .insert(contactDates)
    .values({ workspaceId: userId, contactId: contact.id, kind: "birthday", month: 3, day: 14, year: 1950 })
    .returning();
  const reminder = await createReminder(userId, contact.id, new Date("2031-05-01T10:00:00Z"), {
    scheduleType: "recurring",
    frequency: "weekly",
    days: ["Sun"],
    time: "18:00",
    timezone: "Europe/Madrid",
    contactDateId: date.id,
  });
  const [delivery] = await db
    .insert(deliveries)
    .values({
      reminderId: reminder.id,
      workspaceId: userId,
      contactId: contact.id,
      occurrenceAt: new Date("2031-04-27T16:00:00Z"),
      channel: "call",
      status: "delivered",
    })
    .returning();
  await db.insert(deliveryReplies).values({
    deliveryId: delivery.id,
    deliveryOccurrenceAt: delivery.occurrenceAt,
    reminderId: reminder.id,
    workspaceId: userId,
    channel: "sms",
    body: "YES",
    action: "confirm",
    providerMessageId: `SM${crypto.randomUUID().replaceAll("-", "")}`,
  });
  await db.insert(deliveryCalls).values({
    callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
    deliveryId: delivery.id,
    deliveryOccurrenceAt: delivery.occurrenceAt,
    workspaceId: userId,
    status: "completed",
    durationSeconds: 31,
  });
  await db.insert(consentRecords).values({
    workspaceId: userId,
    contactId: contact.id,
    channel: "sms",
    change: "opted_out",
    source: "sms_reply",
    wording: "STOP",
  });
  await db.insert(consentRequests).values({
    workspaceId: userId,
    contactId: contact.id,
    channel: "call",
    phone: "+34600111222",
    expiresAt: new Date("2031-05-02T10:00:00Z"),
  });
  return { contact, reminder };
}

describe("Undo of a contact's deletion", () => {
  it("keeps every row a deletion cascades to (the list follows the database's foreign keys)", async () => {
    const { rows } = await db.execute<{ table: string }>(sql`
      with recursive dependents(name) as (
        select 'contacts'::text
        union
        select c.conrelid::regclass::text from pg_constraint c join dependents d on c.confrelid = d.name::regclass
        -- conparentid = 0: a partitioned table's key, not its copy on each partition
        where c.contype = 'f' and c.confdeltype = 'c' and c.conparentid = 0
      ) select name as table from dependents`);
    expect(rows.map((r) => r.table).sort()).toEqual([...CONTACT_ROW_TABLES].sort());
  });

  it("puts the contact back exactly within the window, with its dates, consent, reminders and history", async () => {
    const { user, cookie } = await createSignedInUser();
    const { contact } = await richContact(user.id);
    const before = await rowsOf(contact.id);
    expect(Object.values(before).every((list) => list.length > 0)).toBe(true);

    const deleted = await callRoute(DELETE, `/api/contacts/${contact.id}`, {
      method: "DELETE",
      cookie,
      params: { id: contact.id },
    });
    expect(deleted.status).toBe(204);
    // Everything goes but the consent records, kept with the contact's id through the window.
    const { consentRecords: kept, ...gone } = await rowsOf(contact.id);
    expect(Object.values(gone).flat()).toEqual([]);
    expect(kept).toEqual(before.consentRecords);

    const restore = () =>
      callRoute(RESTORE, `/api/contacts/${contact.id}/restore`, {
        method: "POST",
        cookie,
        params: { id: contact.id },
      });
    expect((await restore()).status).toBe(200);
    expect(await rowsOf(contact.id)).toEqual(before);
    expect(await db.select().from(deletedContacts).where(eq(deletedContacts.contactId, contact.id))).toEqual(
      [],
    );
    // A second press answers as the first did.
    expect((await restore()).status).toBe(200);
    expect(await rowsOf(contact.id)).toEqual(before);
  });

  it("refuses after the window (409 undo_expired), changes nothing, and the deletion becomes final", async () => {
    const { user, cookie } = await createSignedInUser();
    const { contact } = await richContact(user.id);
    const deletedAt = new Date(Date.now() - UNDO_WINDOW_MS - 1_000);
    await deleteContact(await ownActor(user.id), contact.id, deletedAt);

    const before = await snapshotDatabase();
    const res = await callRoute(RESTORE, `/api/contacts/${contact.id}/restore`, {
      method: "POST",
      cookie,
      params: { id: contact.id },
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "undo_expired" });
    expect(await snapshotDatabase()).toEqual(before);

    expect(await finishContactDeletions(new Date())).toBeGreaterThanOrEqual(1);
    const [marker] = await db.select().from(deletedContacts).where(eq(deletedContacts.contactId, contact.id));
    expect(marker.rows).toBeNull();
    await expect(restoreContact(await ownActor(user.id), contact.id)).rejects.toMatchObject({
      code: "undo_expired",
    });
    expect(await db.select().from(contacts).where(eq(contacts.id, contact.id))).toEqual([]);
  });

  it("does not finish a deletion whose window is still open", async () => {
    const { user } = await createSignedInUser();
    const { contact } = await richContact(user.id);
    await deleteContact(await ownActor(user.id), contact.id);
    await finishContactDeletions(new Date());
    await restoreContact(await ownActor(user.id), contact.id);
    expect(
      await db.select({ id: reminders.id }).from(reminders).where(eq(reminders.contactId, contact.id)),
    ).toHaveLength(1);
  });

  it("keeps the contact's consent records linked through the window, and unlinked once the deletion is final", async () => {
    const { user } = await createSignedInUser();
    // Its consent: one record (a STOP) and one request waiting for its reply.
    const { contact } = await richContact(user.id);
    const linked = () =>
      db
        .select({ contactId: consentRecords.contactId })
        .from(consentRecords)
        .where(eq(consentRecords.workspaceId, user.id));
    const requests = () =>
      db
        .select({ id: consentRequests.id })
        .from(consentRequests)
        .where(eq(consentRequests.contactId, contact.id));

    // Undo within the window: the pending request comes back, the record never lost its contact.
    await deleteContact(await ownActor(user.id), contact.id);
    expect(await requests()).toEqual([]);
    await finishContactDeletions(new Date());
    await restoreContact(await ownActor(user.id), contact.id);
    expect(await requests()).toHaveLength(1);
    expect(await linked()).toEqual([{ contactId: contact.id }]);

    // Final: the record stays, without the contact's id.
    await deleteContact(await ownActor(user.id), contact.id, new Date(Date.now() - UNDO_WINDOW_MS - 1_000));
    await finishContactDeletions(new Date());
    expect(await linked()).toEqual([{ contactId: null }]);
    expect(await requests()).toEqual([]);
  });

  it("answers 404 for another user's contact and changes nothing", async () => {
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    const { contact } = await richContact(a.user.id);
    await deleteContact(await ownActor(a.user.id), contact.id);
    const before = await snapshotDatabase();
    const res = await callRoute(RESTORE, `/api/contacts/${contact.id}/restore`, {
      method: "POST",
      cookie: b.cookie,
      params: { id: contact.id },
    });
    expect(res.status).toBe(404);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it("sends nothing to a contact pending deletion, and its due reminder goes out once restored", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { email: "pending@example.org" });
    const due = new Date(Date.now() - 60_000);
    const reminder = await createReminder(user.id, contact.id, due);
    await deleteContact(await ownActor(user.id), contact.id);

    expect((await runBatch({ workerId: "undo", clock: () => new Date() })).leased).toBe(0);
    expect(await db.select().from(deliveries).where(eq(deliveries.contactId, contact.id))).toEqual([]);

    await restoreContact(await ownActor(user.id), contact.id);
    await runBatch({ workerId: "undo", clock: () => new Date() });
    const sent = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(sent).toHaveLength(1);
  });

  it("puts a group member back in its group with its member reminder, unless the group went meanwhile", async () => {
    const user = await createSender({ timezone: "Europe/Madrid" });
    const inGroup = async () => {
      const contact = await createContact(user.id);
      const [group] = await db
        .insert(contactGroups)
        .values({ workspaceId: user.id, name: `Choir ${contact.id}` })
        .returning();
      await db
        .insert(contactGroupMembers)
        .values({ groupId: group.id, contactId: contact.id, workspaceId: user.id });
      const [parent] = await db
        .insert(reminders)
        .values({
          workspaceId: user.id,
          contactId: null,
          groupId: group.id,
          groupTiming: "local_time",
          recipient: "group",
          message: "Rehearsal",
          deliveryMethod: "email",
          scheduleType: "recurring",
          frequency: "weekly",
          days: ["Thu"],
          time: "18:00",
          scheduledFor: new Date("2031-05-01T16:00:00Z"),
          nextRunAt: new Date("2031-05-01T16:00:00Z"),
          timezone: "Europe/Madrid",
        })
        .returning();
      await db.transaction((tx) => syncGroupReminders(tx, { workspaceId: user.id, reminderId: parent.id }));
      return { contact, group, parent };
    };
    const memberRows = (contactId: string) =>
      db.select().from(reminders).where(eq(reminders.contactId, contactId));

    const kept = await inGroup();
    expect(await memberRows(kept.contact.id)).toHaveLength(1);
    await deleteContact(await ownActor(user.id), kept.contact.id);
    expect(
      await db.select().from(contactGroupMembers).where(eq(contactGroupMembers.groupId, kept.group.id)),
    ).toEqual([]);
    await restoreContact(await ownActor(user.id), kept.contact.id);
    expect(
      await db.select().from(contactGroupMembers).where(eq(contactGroupMembers.groupId, kept.group.id)),
    ).toHaveLength(1);
    expect(await memberRows(kept.contact.id)).toMatchObject([
      { parentReminderId: kept.parent.id, status: "scheduled" },
    ]);

    const gone = await inGroup();
    await deleteContact(await ownActor(user.id), gone.contact.id);
    await db.delete(contactGroups).where(eq(contactGroups.id, gone.group.id));
    await restoreContact(await ownActor(user.id), gone.contact.id);
    expect(await db.select().from(contacts).where(eq(contacts.id, gone.contact.id))).toHaveLength(1);
    expect(await memberRows(gone.contact.id)).toEqual([]);
    expect(
      await db.select().from(contactGroupMembers).where(eq(contactGroupMembers.contactId, gone.contact.id)),
    ).toEqual([]);

    const cancelled = await inGroup();
    await deleteContact(await ownActor(user.id), cancelled.contact.id);
    await db.update(reminders).set({ status: "cancelled" }).where(eq(reminders.id, cancelled.parent.id));
    await restoreContact(await ownActor(user.id), cancelled.contact.id);
    expect(await memberRows(cancelled.contact.id)).toMatchObject([{ status: "cancelled", nextRunAt: null }]);
  });
});
