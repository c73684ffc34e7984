import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE } from "@/app/api/account/route";
import { GET as exportGet } from "@/app/api/account/export/route";
import { contacts, creditLedger, deliveries, reminders, sessions, storedObjects, users } from "@/db/schema";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import { db } from "@/lib/db";
import { getLocalStorage } from "@/lib/storage/get-storage";
import { objectPathOf, uploadKeyOf } from "@/lib/storage/object-path";
import { callRoute } from "../../support/call-route";
import { createReadyMedia } from "../../support/media-fixtures";
import { createContact, createReminder } from "../../support/delivery-fixtures";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { insertGroup } from "../../support/groups";
import { createSignedInUser } from "../../support/users";

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(() => stripe.stop());

/** A user with a contact (with a stored photo), a reminder, a delivery and ledger entries. */
async function populatedUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const signedIn = await createSignedInUser(overrides);
  const { user } = signedIn;
  const id = randomUUID();
  const key = uploadKeyOf(id);
  const file = getLocalStorage()?.pathOf(key);
  if (!file) throw new Error("tests use the local storage driver");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, "photo");
  await db.insert(storedObjects).values({ id, ownerId: user.id, key, status: "ready", size: 5 });
  const contact = await createContact(user.id, { avatarUrl: objectPathOf(id) });
  const reminder = await createReminder(user.id, contact.id, new Date("2035-01-01T09:00:00Z"));
  await db.insert(deliveries).values({
    reminderId: reminder.id,
    userId: user.id,
    contactId: contact.id,
    occurrenceAt: new Date("2035-01-01T09:00:00Z"),
    channel: "email",
    status: "sent",
  });
  await applyCreditChange(db, {
    userId: user.id,
    cents: 2000,
    reason: "purchase",
    idempotencyKey: `buy-${user.id}`,
  });
  const clip = await createReadyMedia(user.id, "video");
  const clipFile = getLocalStorage()?.pathOf(clip.playbackKey ?? "") ?? "";
  return { ...signedIn, contact, reminder, file, clipFile };
}

describe("GET /api/account/export", () => {
  it("downloads the user's own profile, contacts, reminders, deliveries and ledger as JSON", async () => {
    const { cookie, user, contact, reminder } = await populatedUser({ firstName: "Ana" });
    const other = await populatedUser(); // another user's data must not appear
    const choir = await insertGroup(user.id, "Choir", [contact.id]);
    const empty = await insertGroup(user.id, "Empty");
    await insertGroup(other.user.id, "Theirs", [other.contact.id]);
    const res = await callRoute<Record<string, unknown>>(exportGet, "/api/account/export", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="remindful-export-.*\.json"$/,
    );
    const data = res.json as {
      profile: { email: string; firstName: string };
      contacts: { id: string; unsubscribeToken?: string }[];
      reminders: { id: string }[];
      deliveries: { reminderId: string }[];
      creditLedger: { amountCents: number; reason: string }[];
      groups: { id: string; name: string; memberContactIds: string[] }[];
    };
    expect(data.profile).toMatchObject({ email: user.email, firstName: "Ana" });
    expect(data.contacts.map((c) => c.id)).toEqual([contact.id]);
    expect(data.contacts[0]).not.toHaveProperty("unsubscribeToken");
    expect(data.reminders.map((r) => r.id)).toEqual([reminder.id]);
    expect(data.deliveries.map((d) => d.reminderId)).toEqual([reminder.id]);
    expect(data.creditLedger).toEqual([expect.objectContaining({ amountCents: 2000, reason: "purchase" })]);
    expect(data.groups).toEqual([
      {
        id: choir.id,
        name: "Choir",
        createdAt: choir.createdAt.toISOString(),
        memberContactIds: [contact.id],
      },
      { id: empty.id, name: "Empty", createdAt: empty.createdAt.toISOString(), memberContactIds: [] },
    ]);
  });

  it("answers 401 signed out", async () => {
    expect((await callRoute(exportGet, "/api/account/export")).status).toBe(401);
  });
});

describe("DELETE /api/account", () => {
  const remaining = async (userId: string) => ({
    users: (await db.select().from(users).where(eq(users.id, userId))).length,
    contacts: (await db.select().from(contacts).where(eq(contacts.userId, userId))).length,
    reminders: (await db.select().from(reminders).where(eq(reminders.userId, userId))).length,
    deliveries: (await db.select().from(deliveries).where(eq(deliveries.userId, userId))).length,
    ledger: (await db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).length,
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
    files: (
      await db
        .select()
        .from(storedObjects)
        .where(inArray(storedObjects.ownerId, [userId]))
    ).length,
  });

  it("refuses a wrong confirmation with 400 and deletes nothing", async () => {
    const { cookie, user, file } = await populatedUser();
    const res = await callRoute(DELETE, "/api/account", {
      method: "DELETE",
      cookie,
      body: { email: "x@y.z" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "email_mismatch",
      message: "email: The e-mail address does not match your account",
    });
    expect(await remaining(user.id)).toMatchObject({ users: 1, contacts: 1, files: 1 });
    expect(existsSync(file)).toBe(true);
  });

  it("cancels the subscription at Stripe, removes every row and file, and signs out", async () => {
    const { cookie, user, file, clipFile } = await populatedUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeCustomerId: `cus_${randomUUID().slice(0, 8)}`,
      stripeSubscriptionId: "sub_to_cancel",
    });
    stripe.subscriptions.set("sub_to_cancel", {
      id: "sub_to_cancel",
      object: "subscription",
      status: "active",
    });
    const other = await populatedUser();
    const res = await callRoute(DELETE, "/api/account", {
      method: "DELETE",
      cookie,
      body: { email: user.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(stripe.requestsTo("DELETE", "/v1/subscriptions/sub_to_cancel")).toHaveLength(1);
    expect(stripe.subscriptions.get("sub_to_cancel")?.status).toBe("canceled");
    expect(await remaining(user.id)).toEqual({
      users: 0,
      contacts: 0,
      reminders: 0,
      deliveries: 0,
      ledger: 0,
      sessions: 0,
      files: 0,
    });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(clipFile)).toBe(false);
    expect(res.headers.get("set-cookie")).toContain("authjs.session-token=; Path=/; Max-Age=0");
    // The session is gone: the same cookie is now signed out.
    expect((await callRoute(exportGet, "/api/account/export", { cookie })).status).toBe(401);
    // Another user's data is untouched.
    expect(await remaining(other.user.id)).toMatchObject({ users: 1, contacts: 1, files: 1 });
    expect(existsSync(other.file)).toBe(true);
    expect(existsSync(other.clipFile)).toBe(true);
  });

  it("deletes nothing when Stripe cannot cancel the subscription", async () => {
    const { cookie, user } = await populatedUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_unreachable",
    });
    await stripe.stop();
    try {
      const res = await callRoute(DELETE, "/api/account", {
        method: "DELETE",
        cookie,
        body: { email: user.email },
      });
      expect(res.status).toBe(502);
      expect(await remaining(user.id)).toMatchObject({ users: 1, contacts: 1, files: 1 });
    } finally {
      await stripe.start();
      stripe.use();
    }
  });
});
