import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  contactDates,
  deliveries,
  reminders,
  users,
  workspaceEvents,
  workspaceMembers,
  workspaces,
} from "@/db/schema";
import { db } from "@/lib/db";
import { retryFailedReminder } from "@/lib/delivery/retry-failed-reminder";
import { runBatch } from "@/lib/delivery/run-batch";
import { sendReminder } from "@/lib/delivery/send-reminder";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
  type Sender,
} from "@/tests/support/delivery-fixtures";
import { loopbackPeers } from "@/tests/support/peers";
import { smsWithPreferences } from "@/tests/support/preferences-line";
import { createSignedInMember } from "@/tests/support/users";

const peers = loopbackPeers();

let phones = 0;
const nextPhone = () => `+1646555${String(1000 + phones++)}`;
const smsTo = (phone: string) => peers.twilio.messages.filter((m) => m.to === phone).map((m) => m.body);
const mailsTo = (address: string) => peers.smtp.messages.filter((m) => m.to.includes(address));

/** An SMS reminder's text as sent: with its delivery's preferences line, which a short one has room for. */
async function withPreferences(reminderId: string, text: string) {
  const [delivery] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId));
  return smsWithPreferences(text, "en", delivery.id);
}

/** Several workers at once, each taking small batches until nothing is left: batches race on the workspace. */
async function raceWorkers(clock: () => Date, workers = 4) {
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (;;) if ((await runBatch({ workerId: `w${w}`, clock, limit: 3 })).leased === 0) return;
    }),
  );
}

/** An SMS reminder of `creator` in `workspace`, due at `due`, to a contact at noon then. */
async function smsReminder(workspaceId: string, creator: string | null, due: Date, message = "See you soon") {
  const phone = nextPhone();
  const contact = await createContact(workspaceId, { name: "Noor", phone, timezone: "UTC" });
  const reminder = await createReminder(workspaceId, contact.id, due, {
    deliveryMethod: "sms",
    message,
    createdBy: creator,
  });
  return { phone, contact, reminder };
}

describe("one workspace, several members, at send time", () => {
  it("members' reminders share the workspace's quota: exactly what it covers is sent, the rest refused (quota)", async () => {
    const owner = await createSender({
      planType: "starter",
      subscriptionStatus: "active",
      remindersQuota: 7,
      remindersUsedCurrentPeriod: 0,
    });
    const member = await createSignedInMember(owner.workspace, "member", { senderName: "Marta Ruiz" });
    const due = new Date("2034-03-01T12:00:00Z");
    const made = [];
    for (let i = 0; i < 6; i++) {
      made.push(
        await createReminder(owner.id, (await createContact(owner.id)).id, due, { createdBy: owner.id }),
      );
      made.push(
        await createReminder(owner.id, (await createContact(owner.id)).id, due, {
          createdBy: member.user.id,
        }),
      );
    }
    await raceWorkers(() => due);

    const rows = await db
      .select()
      .from(deliveries)
      .where(
        inArray(
          deliveries.reminderId,
          made.map((r) => r.id),
        ),
      );
    expect(rows).toHaveLength(12);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(7);
    const refused = rows.filter((r) => r.status === "failed");
    expect(refused).toHaveLength(5);
    expect(refused.every((r) => r.errorCode === "quota")).toBe(true);
    expect(refused[0].error).toBe("Reminder limit reached for this billing period (7 of 7 used)");
    // Both members' reminders went, and the workspace's count holds them all.
    const byCreator = new Map(made.map((r) => [r.id, r.createdBy]));
    const sentBy = new Set(rows.filter((r) => r.status === "sent").map((r) => byCreator.get(r.reminderId)));
    expect(sentBy).toEqual(new Set([owner.id, member.user.id]));
    expect((await reloadWorkspace(owner.workspace.id)).remindersUsedCurrentPeriod).toBe(7);
    // The member's own workspace carried none of it.
    expect((await reloadWorkspace(member.user.id)).remindersUsedCurrentPeriod).toBe(0);
  });
});

describe("who a workspace's reminders come from", () => {
  async function team(identity: "workspace" | "member") {
    const owner = await createSender({ senderName: "Ana Pérez" });
    await db
      .update(workspaces)
      .set({ name: "Clínica Sol", senderIdentity: identity })
      .where(eq(workspaces.id, owner.workspace.id));
    const member = await createSignedInMember(owner.workspace, "member", { senderName: "Marta Ruiz" });
    return { owner, member };
  }

  it("sender identity 'workspace': SMS and e-mail name the workspace, whoever made the reminder", async () => {
    const { owner, member } = await team("workspace");
    const due = new Date("2034-03-02T12:00:00Z");
    const sms = await smsReminder(owner.id, member.user.id, due, "Your appointment is tomorrow");
    const contact = await createContact(owner.id, { name: "Leo", email: "leo.identity@example.org" });
    await createReminder(owner.id, contact.id, due, { createdBy: member.user.id, message: "Bring the form" });
    await runBatch({ workerId: "w", clock: () => due });

    // "í" makes it UCS-2, two segments already full enough: no preferences line.
    expect(smsTo(sms.phone)).toEqual([
      "Remindful, from Clínica Sol: Your appointment is tomorrow\nReply STOP to opt out.",
    ]);
    const [mail] = mailsTo("leo.identity@example.org");
    expect(mail.headers.get("from")).toContain("Clínica Sol via Remindful");
    expect(mail.raw).not.toContain("Marta Ruiz");
    // Replies still reach the person behind the reminder.
    expect(mail.headers.get("reply-to")).toBe(member.user.email);
  });

  it("sender identity 'member': each reminder names its creator; an account gone, the owner", async () => {
    const { owner, member } = await team("member");
    const due = new Date("2034-03-03T12:00:00Z");
    const byMember = await smsReminder(owner.id, member.user.id, due, "Choir at six");
    const byOwner = await smsReminder(owner.id, owner.id, due, "Choir at seven");
    const contact = await createContact(owner.id, { name: "Leo", email: "leo.member@example.org" });
    await createReminder(owner.id, contact.id, due, {
      createdBy: member.user.id,
      message: "Bring the music",
    });
    await runBatch({ workerId: "w", clock: () => due });
    expect(smsTo(byMember.phone)).toEqual([
      await withPreferences(
        byMember.reminder.id,
        "Remindful, from Marta Ruiz: Choir at six\nReply STOP to opt out.",
      ),
    ]);
    expect(smsTo(byOwner.phone)).toEqual([
      await withPreferences(
        byOwner.reminder.id,
        "Remindful, from Ana Pérez: Choir at seven\nReply STOP to opt out.",
      ),
    ]);
    const [mail] = mailsTo("leo.member@example.org");
    expect(mail.headers.get("from")).toContain("Marta Ruiz via Remindful");
    expect(mail.headers.get("reply-to")).toBe(member.user.email);

    // Removed from the workspace, the member's reminders keep going, still in their name; replies
    // go to the owner. Once their account is gone, the owner's name.
    const later = new Date("2034-03-04T12:00:00Z");
    const removed = await createSignedInMember(owner.workspace, "member", { senderName: "Iris Vidal" });
    const afterRemoval = await smsReminder(owner.id, removed.user.id, later, "Rehearsal moved");
    const mailed = await createContact(owner.id, { name: "Eva", email: "eva.member@example.org" });
    await createReminder(owner.id, mailed.id, later, { createdBy: removed.user.id, message: "New room" });
    await db
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, owner.workspace.id),
          eq(workspaceMembers.userId, removed.user.id),
        ),
      );
    const gone = await smsReminder(owner.id, member.user.id, later, "Concert on Friday");
    await db.delete(users).where(eq(users.id, member.user.id));
    await runBatch({ workerId: "w", clock: () => later });
    expect(smsTo(afterRemoval.phone)).toEqual([
      await withPreferences(
        afterRemoval.reminder.id,
        "Remindful, from Iris Vidal: Rehearsal moved\nReply STOP to opt out.",
      ),
    ]);
    expect(mailsTo("eva.member@example.org")[0].headers.get("reply-to")).toBe(owner.email);
    expect(smsTo(gone.phone)).toEqual([
      await withPreferences(
        gone.reminder.id,
        "Remindful, from Ana Pérez: Concert on Friday\nReply STOP to opt out.",
      ),
    ]);
  });
});

describe("lead e-mails (a contact's date coming up)", () => {
  /** A yearly lead reminder of `creator` about a contact's birthday, due at `due`. */
  async function leadReminder(owner: Sender, creator: string, due: Date, name: string) {
    const contact = await createContact(owner.id, { name });
    const [date] = await db
      .insert(contactDates)
      .values({ workspaceId: owner.id, contactId: contact.id, kind: "birthday", month: 5, day: 20 })
      .returning();
    return createReminder(owner.id, contact.id, due, {
      recipient: "owner",
      contactDateId: date.id,
      leadDays: 7,
      createdBy: creator,
      message: "Buy a present",
    });
  }

  it("go to the reminder's creator, in their language, while they are a member; then to the owner", async () => {
    const owner = await createSender({ locale: "en" });
    const member = await createSignedInMember(owner.workspace, "member", { locale: "es" });
    const due = new Date("2034-05-13T09:00:00Z");
    await leadReminder(owner, member.user.id, due, "Lucía");
    await runBatch({ workerId: "w", clock: () => due });
    const [toMember] = mailsTo(member.user.email);
    expect(toMember.headers.get("subject")).toBe("Se acerca una fecha de Lucía");
    expect(mailsTo(owner.email)).toHaveLength(0);

    // A member no longer: the owner hears of the next one, in the owner's language.
    await db
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, owner.workspace.id),
          eq(workspaceMembers.userId, member.user.id),
        ),
      );
    const next = new Date("2034-05-14T09:00:00Z");
    await leadReminder(owner, member.user.id, next, "Tomás");
    await runBatch({ workerId: "w", clock: () => next });
    const [toOwner] = mailsTo(owner.email);
    expect(toOwner.headers.get("subject")).toBe("Coming up for Tomás");
    expect(mailsTo(member.user.email)).toHaveLength(1);
  });
});

describe("Send now and Retry in the workspace's trail", () => {
  const trailOf = (reminderId: string) =>
    db
      .select()
      .from(workspaceEvents)
      .where(eq(workspaceEvents.subjectId, reminderId))
      .orderBy(workspaceEvents.createdAt, workspaceEvents.id);

  it("a member's Send now is a line by that member, once per message sent; Retry another", async () => {
    const owner = await createSender({ planType: "starter", subscriptionStatus: "active" });
    const member = await createSignedInMember(owner.workspace, "member", {
      firstName: "Marta",
      lastName: "Ruiz",
    });
    const { reminder } = await smsReminder(owner.id, owner.id, new Date(Date.now() + 86_400_000), "Soon");
    await db.update(reminders).set({ scheduleType: "once" }).where(eq(reminders.id, reminder.id));
    const hour = new Date().getUTCHours();
    // The contact at daytime whatever the hour of this run (quiet hours would hold the SMS).
    const zone = hour >= 8 && hour < 20 ? "UTC" : hour < 8 ? "Asia/Tokyo" : "America/Los_Angeles";
    await db.execute(sql`update contacts set timezone = ${zone} where id = ${reminder.contactId}`);

    expect(await sendReminder(member.actor, reminder.id)).toEqual({ success: true, error: null });
    // Sent, it is no longer scheduled: a second press is refused and writes no second line.
    await expect(sendReminder(member.actor, reminder.id)).rejects.toMatchObject({ kind: "conflict" });
    const sent = await trailOf(reminder.id);
    expect(sent.map((e) => [e.kind, e.actorId, e.actorName, e.workspaceId, e.details])).toEqual([
      [
        "reminder.sent_now",
        member.user.id,
        "Marta Ruiz",
        owner.workspace.id,
        { recipient: "Noor", channel: "sms", mode: "occurrence" },
      ],
    ]);

    // Failed for good, then retried by the owner.
    await db
      .update(deliveries)
      .set({ status: "failed", error: "x" })
      .where(eq(deliveries.reminderId, reminder.id));
    await db.update(reminders).set({ status: "failed" }).where(eq(reminders.id, reminder.id));
    const ownerActor = { user: owner, workspace: owner.workspace, role: "owner" as const };
    expect(await retryFailedReminder(ownerActor, reminder.id)).toEqual({ success: true, error: null });
    expect((await trailOf(reminder.id)).map((e) => [e.kind, e.actorId])).toEqual([
      ["reminder.sent_now", member.user.id],
      ["reminder.retried", owner.id],
    ]);
    // Another workspace's member cannot reach it: a 404, and no line.
    const stranger = await createSender();
    await expect(
      retryFailedReminder({ user: stranger, workspace: stranger.workspace, role: "owner" }, reminder.id),
    ).rejects.toMatchObject({ kind: "not_found" });
    expect(await trailOf(reminder.id)).toHaveLength(2);
  });
});
