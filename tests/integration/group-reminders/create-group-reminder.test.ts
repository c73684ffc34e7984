import { eq, isNotNull, and } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/reminders/route";
import { contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { setOutboxSettings } from "@/lib/outbox/outbox-enabled";
import { callRoute } from "../../support/call-route";
import { createGroup, createMembers, groupBody } from "../../support/group-reminders";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const post = (cookie: string, body: unknown) =>
  callRoute(POST, "/api/reminders", { method: "POST", cookie, body });

const countOf = async (userId: string) =>
  (await db.select({ id: reminders.id }).from(reminders).where(eq(reminders.workspaceId, userId))).length;

const membersOfUser = async (userId: string) =>
  (
    await db
      .select({ id: reminders.id })
      .from(reminders)
      .where(and(eq(reminders.workspaceId, userId), isNotNull(reminders.parentReminderId)))
  ).length;

async function groupOf(zones: (string | null)[], overrides: Parameters<typeof createSignedInUser>[0] = {}) {
  const signedIn = await createSignedInUser({ timezone: "Europe/Paris", ...overrides });
  const members = await createMembers(signedIn.user.id, zones);
  const group = await createGroup(
    signedIn.user.id,
    members.map((m) => m.id),
  );
  return { ...signedIn, members, group };
}

describe("POST /api/reminders for a group", () => {
  afterEach(() => setOutboxSettings(undefined));

  it("writes the group reminder (recipient group, no contact) and one member reminder per member", async () => {
    const { user, cookie, group } = await groupOf(["Europe/Paris", "Asia/Tokyo"]);
    const res = await post(
      cookie,
      groupBody(group.id, {
        askConfirmation: true,
        fallback: [{ channel: "email", afterMinutes: 60 }],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      recipient: "group",
      contactId: null,
      contactName: null,
      groupId: group.id,
      groupName: "Choir",
      groupTiming: "local_time",
      memberCount: 2,
      fallback: [{ channel: "email", afterMinutes: 60 }],
      parentReminderId: null,
    });
    const rows = await db.select().from(reminders).where(eq(reminders.workspaceId, user.id));
    expect(rows).toHaveLength(3);
    const children = rows.filter((r) => r.parentReminderId === res.json.id);
    expect(children).toHaveLength(2);
    for (const child of children) {
      expect(child.fallbackChannels).toEqual(["email"]);
      expect(child.fallbackWaitMinutes).toEqual([60]);
      expect(child.askConfirmation).toBe(true);
    }
  });

  it("refuses a group too big for the quota (403 group_over_quota) and writes nothing", async () => {
    const { user, cookie, group } = await groupOf(["Europe/Paris", "Asia/Tokyo", null], {
      remindersQuota: 5,
      remindersUsedCurrentPeriod: 3,
    });
    const res = await post(cookie, groupBody(group.id));
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      code: "group_over_quota",
      field: "groupId",
      limit: "reminders",
      needed: 3,
      available: 2,
    });
    expect(await countOf(user.id)).toBe(0);
  });

  it("counts a call as three per member; pay-as-you-go is refused with 402 when the credit is short", async () => {
    const calls = await groupOf(["Europe/Paris", "Asia/Tokyo"], {
      remindersQuota: 5,
      remindersUsedCurrentPeriod: 0,
    });
    const refused = await post(calls.cookie, groupBody(calls.group.id, { deliveryMethod: "call" }));
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "group_over_quota", needed: 6, available: 5 });
    expect(await countOf(calls.user.id)).toBe(0);

    const payg = await groupOf(["Europe/Paris", "Asia/Tokyo", null], {
      planType: "payg",
      paygCreditBalance: 2,
    });
    const short = await post(payg.cookie, groupBody(payg.group.id));
    expect(short.status).toBe(402);
    expect(short.json).toMatchObject({ code: "group_over_quota", limit: "credits", needed: 3, available: 2 });
    expect(await countOf(payg.user.id)).toBe(0);
  });

  it("counts only the members the chain reaches, each on the first channel that reaches them", async () => {
    const { user, cookie, members, group } = await groupOf(["Europe/Paris", "Asia/Tokyo", null], {
      remindersQuota: 2,
      remindersUsedCurrentPeriod: 0,
    });
    // No phone: SMS cannot reach this member, and the chain has nothing else.
    await db.update(contacts).set({ phone: null }).where(eq(contacts.id, members[2].id));
    const res = await post(cookie, groupBody(group.id));
    expect(res.status).toBe(201);
    // All three members get a member reminder (the third one's History will say why it failed).
    expect(await membersOfUser(user.id)).toBe(3);
  });

  it("four group reminders at once with quota for one: exactly one is written, with its members", async () => {
    const { user, cookie } = await createSignedInUser({ remindersQuota: 3, remindersUsedCurrentPeriod: 0 });
    const groups = [];
    for (const name of ["Choir", "Band", "Team", "Family"]) {
      const members = await createMembers(user.id, ["America/New_York", "Asia/Tokyo"]);
      groups.push(
        await createGroup(
          user.id,
          members.map((m) => m.id),
          name,
        ),
      );
    }
    const results = await Promise.all(groups.map((group) => post(cookie, groupBody(group.id))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403, 403]);
    for (const refused of results.filter((r) => r.status === 403))
      expect(refused.json.code).toBe("group_over_quota");
    expect(await countOf(user.id)).toBe(3);
    expect(await membersOfUser(user.id)).toBe(2);
  });

  it("two group reminders at once with quota for both: both are written", async () => {
    const { user, cookie, group } = await groupOf(["Europe/Paris", "Asia/Tokyo"], {
      remindersQuota: 4,
      remindersUsedCurrentPeriod: 0,
    });
    const results = await Promise.all([post(cookie, groupBody(group.id)), post(cookie, groupBody(group.id))]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(await countOf(user.id)).toBe(6);
    // A third would need two more than the four the first two hold.
    const third = await post(cookie, groupBody(group.id));
    expect(third.status).toBe(403);
    expect(third.json).toMatchObject({ code: "group_over_quota", needed: 2, available: 0 });
    expect(await countOf(user.id)).toBe(6);
  });

  it("refuses an empty group (422 group_empty)", async () => {
    const { user, cookie } = await createSignedInUser();
    const empty = await createGroup(user.id, []);
    const res = await post(cookie, groupBody(empty.id));
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: "group_empty", field: "groupId" });
    expect(await countOf(user.id)).toBe(0);
  });

  it("answers 404 group_not_found for another user's group and an unknown one", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await groupOf(["Europe/Paris"]);
    for (const groupId of [other.group.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await post(cookie, groupBody(groupId));
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: "group_not_found", field: "groupId" });
    }
    expect(await countOf(user.id)).toBe(0);
    expect(await countOf(other.user.id)).toBe(0);
  });

  it("refuses a group no channel of the chain reaches (422 group_unreachable); a fallback that reaches them passes", async () => {
    const { user, cookie } = await createSignedInUser();
    const emailOnly = await createContact(user.id, { name: "Only e-mail", phone: null });
    const optedOut = await createContact(user.id, { name: "Said STOP", smsOptOut: true });
    const group = await createGroup(user.id, [emailOnly.id, optedOut.id]);
    const res = await post(cookie, groupBody(group.id));
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: "group_unreachable", field: "groupId" });
    expect(await countOf(user.id)).toBe(0);

    const withEmail = await post(cookie, groupBody(group.id, { fallback: [{ channel: "email" }] }));
    expect(withEmail.status).toBe(201);
    expect(withEmail.json.fallback).toEqual([{ channel: "email", afterMinutes: null }]);
  });

  it("refuses a repeated fallback channel (400) and one this server cannot send (422)", async () => {
    const { user, cookie, group } = await groupOf(["Europe/Paris"]);
    const repeated = await post(
      cookie,
      groupBody(group.id, { fallback: [{ channel: "email" }, { channel: "email" }] }),
    );
    expect(repeated.status).toBe(400);
    expect(repeated.json).toMatchObject({ code: "fallback_repeated_channel", field: "fallback" });
    const same = await post(cookie, groupBody(group.id, { fallback: [{ channel: "sms" }] }));
    expect(same.status).toBe(400);
    expect(same.json.code).toBe("fallback_repeated_channel");

    // A deployment without mail settings or the dev outbox cannot send e-mail.
    setOutboxSettings({ nodeEnv: "production", devOutbox: false, appUrl: "https://remindful.example" });
    const unconfigured = await post(cookie, groupBody(group.id, { fallback: [{ channel: "email" }] }));
    expect(unconfigured.status).toBe(422);
    expect(unconfigured.json).toMatchObject({ code: "fallback_channel_unavailable", field: "fallback" });
    expect(await countOf(user.id)).toBe(0);
  });

  it("refuses a contact and a group together (400 contact_and_group)", async () => {
    const { user, cookie, members, group } = await groupOf(["Europe/Paris"]);
    const res = await post(cookie, groupBody(group.id, { contactId: members[0].id }));
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("contact_and_group");
    expect(await countOf(user.id)).toBe(0);
  });
});

describe("POST /api/reminders with a fallback chain to one contact", () => {
  it("stores the chain, and a contact the chain reaches on a later channel is accepted", async () => {
    const { user, cookie } = await createSignedInUser();
    const noPhone = await createContact(user.id, { phone: null });
    const body = {
      contactId: noPhone.id,
      type: "text",
      message: "Hi",
      deliveryMethod: "whatsapp",
      askConfirmation: true,
      scheduleType: "recurring",
      frequency: "daily",
      frequencyConfig: { time: "09:00" },
      fallback: [{ channel: "sms" }, { channel: "email", afterMinutes: 120 }],
    };
    const res = await post(cookie, body);
    expect(res.status).toBe(201);
    expect(res.json.fallback).toEqual([
      { channel: "sms", afterMinutes: null },
      { channel: "email", afterMinutes: 120 },
    ]);
    const [row] = await db
      .select()
      .from(reminders)
      .where(eq(reminders.id, res.json.id as string));
    expect(row.fallbackChannels).toEqual(["sms", "email"]);
    expect(row.fallbackWaitMinutes).toEqual([0, 120]);

    // Without the e-mail step nothing reaches this contact.
    const refused = await post(cookie, { ...body, fallback: [{ channel: "sms" }] });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("contact_has_no_phone");
    expect(await countOf(user.id)).toBe(1);
  });
});
