import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE } from "@/app/api/account/route";
import { GET as exportGet } from "@/app/api/account/export/route";
import {
  contactGroupMembers,
  contactGroups,
  contacts,
  creditLedger,
  deliveries,
  media,
  reminders,
  sessions,
  storedObjects,
  users,
  workspaceMembers,
  workspaces,
  type Workspace,
} from "@/db/schema";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import { db } from "@/lib/db";
import { getLocalStorage } from "@/lib/storage/get-storage";
import { objectPathOf, uploadKeyOf } from "@/lib/storage/object-path";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { callRoute } from "../../support/call-route";
import { startStripeServer, type StripeServer } from "../../support/stripe-server";
import { createSignedInMember, createSignedInUser, type SignedInOverrides } from "../../support/users";

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(() => stripe.stop());

/** A file in the local store, as an upload or processing leaves it. */
async function storedFile(key: string, text: string) {
  const file = getLocalStorage()?.pathOf(key);
  if (!file) throw new Error("tests use the local storage driver");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

/**
 * What a workspace holds, arranged directly: a contact with a stored photo, a reminder, a
 * delivery, a ledger entry, a ready recording, a group.
 */
async function fill(workspace: Pick<Workspace, "id">, createdBy: string | null = null) {
  const photoId = randomUUID();
  const file = await storedFile(uploadKeyOf(photoId), "photo");
  await db
    .insert(storedObjects)
    .values({ id: photoId, workspaceId: workspace.id, key: uploadKeyOf(photoId), status: "ready", size: 5 });
  const [contact] = await db
    .insert(contacts)
    .values({
      workspaceId: workspace.id,
      name: "Ben",
      email: `ben-${randomUUID().slice(0, 8)}@example.org`,
      avatarUrl: objectPathOf(photoId),
      createdBy,
    })
    .returning();
  const at = new Date("2035-01-01T09:00:00Z");
  const [reminder] = await db
    .insert(reminders)
    .values({
      workspaceId: workspace.id,
      contactId: contact.id,
      type: "text",
      message: "Call grandma",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: at,
      nextRunAt: at,
      createdBy,
    })
    .returning();
  await db.insert(deliveries).values({
    reminderId: reminder.id,
    workspaceId: workspace.id,
    contactId: contact.id,
    occurrenceAt: at,
    channel: "email",
    status: "sent",
  });
  await applyCreditChange(db, {
    workspaceId: workspace.id,
    cents: 2000,
    reason: "purchase",
    idempotencyKey: `buy-${workspace.id}`,
  });
  const clipId = randomUUID();
  const playbackKey = `media/${clipId}/playback.mp4`;
  const clipFile = await storedFile(playbackKey, "clip");
  await db.insert(media).values({
    id: clipId,
    workspaceId: workspace.id,
    kind: "video",
    status: "ready",
    filename: "greeting.webm",
    sourceKey: `media/${clipId}/source`,
    playbackKey,
    playbackType: "video/mp4",
    playbackBytes: 4,
    storedBytes: 4,
    durationMs: 3_000,
    readyAt: new Date(),
  });
  const [group] = await db
    .insert(contactGroups)
    .values({ workspaceId: workspace.id, name: "Choir" })
    .returning();
  await db
    .insert(contactGroupMembers)
    .values({ groupId: group.id, contactId: contact.id, workspaceId: workspace.id });
  return { contact, reminder, group, file, clipFile };
}

/** A person with their own workspace, filled. */
async function populatedUser(overrides: SignedInOverrides = {}) {
  const signedIn = await createSignedInUser(overrides);
  return { ...signedIn, ...(await fill(signedIn.workspace, signedIn.user.id)) };
}

/** A team workspace (its id is not its owner's) with its owner as a member. */
async function teamWorkspace(ownerId: string, values: Partial<typeof workspaces.$inferInsert> = {}) {
  const [team] = await db
    .insert(workspaces)
    .values({ name: "Team", ...values })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId: team.id, userId: ownerId, role: "owner" });
  return team;
}

describe("GET /api/account/export", () => {
  it("downloads the workspace's data, its members and trail, and the person's own profile", async () => {
    const owner = await populatedUser({ firstName: "Ana" });
    const member = await createSignedInMember(owner.workspace, "member", { firstName: "Ben" });
    const other = await populatedUser(); // another workspace's data must not appear
    await recordWorkspaceEvent(db, owner.workspace.id, member.actor, {
      kind: "contact.created",
      subjectId: owner.contact.id,
      details: { name: "Ben" },
    });
    await recordWorkspaceEvent(db, other.workspace.id, other.actor, { kind: "contact.created" });
    const res = await callRoute<Record<string, unknown>>(exportGet, "/api/account/export", {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="remindful-export-.*\.json"$/,
    );
    const data = res.json as {
      profile: { email: string; firstName: string };
      workspace: { id: string; name: string };
      members: { userId: string; email: string; role: string }[];
      activity: { kind: string; actorId: string; actorName: string; subjectId: string }[];
      contacts: { id: string; unsubscribeToken?: string }[];
      reminders: { id: string; createdBy: string }[];
      deliveries: { reminderId: string }[];
      creditLedger: { amountCents: number; reason: string }[];
      groups: { id: string; name: string; memberContactIds: string[] }[];
      media: { id: string; playbackUrl: string | null }[];
    };
    expect(data.profile).toMatchObject({ email: owner.user.email, firstName: "Ana" });
    expect(data.workspace).toMatchObject({ id: owner.workspace.id, name: owner.workspace.name });
    expect(data.members.map((m) => [m.userId, m.email, m.role])).toEqual([
      [owner.user.id, owner.user.email, "owner"],
      [member.user.id, member.user.email, "member"],
    ]);
    expect(data.activity).toEqual([
      expect.objectContaining({
        kind: "contact.created",
        actorId: member.user.id,
        actorName: "Ben Member",
        subjectId: owner.contact.id,
      }),
    ]);
    expect(data.contacts.map((c) => c.id)).toEqual([owner.contact.id]);
    expect(data.contacts[0]).not.toHaveProperty("unsubscribeToken");
    expect(data.reminders.map((r) => [r.id, r.createdBy])).toEqual([[owner.reminder.id, owner.user.id]]);
    expect(data.deliveries.map((d) => d.reminderId)).toEqual([owner.reminder.id]);
    expect(data.creditLedger).toEqual([expect.objectContaining({ amountCents: 2000, reason: "purchase" })]);
    expect(data.groups).toEqual([
      {
        id: owner.group.id,
        name: "Choir",
        createdAt: owner.group.createdAt.toISOString(),
        memberContactIds: [owner.contact.id],
      },
    ]);
    expect(data.media).toHaveLength(1);
  });

  it("exports the team workspace the person acts in, not their own", async () => {
    const owner = await populatedUser();
    const team = await teamWorkspace(owner.user.id);
    const teamData = await fill(team, owner.user.id);
    await db.update(users).set({ currentWorkspaceId: team.id }).where(eq(users.id, owner.user.id));
    const res = await callRoute<{ workspace: { id: string }; contacts: { id: string }[] }>(
      exportGet,
      "/api/account/export",
      { cookie: owner.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.json.workspace.id).toBe(team.id);
    expect(res.json.contacts.map((c) => c.id)).toEqual([teamData.contact.id]);
  });

  it("is refused (403) to every role but the owner: it holds everyone's personal data", async () => {
    const owner = await populatedUser();
    for (const role of ["admin", "member", "viewer"] as const) {
      const { cookie } = await createSignedInMember(owner.workspace, role);
      const res = await callRoute(exportGet, "/api/account/export", { cookie });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: "role_forbidden" });
    }
  });

  it("answers 401 signed out", async () => {
    expect((await callRoute(exportGet, "/api/account/export")).status).toBe(401);
  });
});

describe("DELETE /api/account", () => {
  const remaining = async (workspaceId: string) => ({
    workspaces: (await db.select().from(workspaces).where(eq(workspaces.id, workspaceId))).length,
    contacts: (await db.select().from(contacts).where(eq(contacts.workspaceId, workspaceId))).length,
    reminders: (await db.select().from(reminders).where(eq(reminders.workspaceId, workspaceId))).length,
    deliveries: (await db.select().from(deliveries).where(eq(deliveries.workspaceId, workspaceId))).length,
    ledger: (await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, workspaceId))).length,
    files: (
      await db
        .select()
        .from(storedObjects)
        .where(inArray(storedObjects.workspaceId, [workspaceId]))
    ).length,
  });
  const person = async (userId: string) => ({
    users: (await db.select().from(users).where(eq(users.id, userId))).length,
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
    memberships: (await db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, userId))).length,
  });
  const deleteAccount = (cookie: string, email: string) =>
    callRoute(DELETE, "/api/account", { method: "DELETE", cookie, body: { email } });

  it("refuses a wrong confirmation with 400 and deletes nothing", async () => {
    const { cookie, user, workspace, file } = await populatedUser();
    const res = await deleteAccount(cookie, "x@y.z");
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "email_mismatch",
      message: "email: The email address does not match your account",
    });
    expect(await remaining(workspace.id)).toMatchObject({ workspaces: 1, contacts: 1, files: 1 });
    expect(await person(user.id)).toMatchObject({ users: 1 });
    expect(existsSync(file)).toBe(true);
  });

  it("cancels the subscription at Stripe, removes every row and file of the workspace, and signs out", async () => {
    const { cookie, user, workspace, file, clipFile } = await populatedUser({
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
    const res = await deleteAccount(cookie, user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(stripe.requestsTo("DELETE", "/v1/subscriptions/sub_to_cancel")).toHaveLength(1);
    expect(stripe.subscriptions.get("sub_to_cancel")?.status).toBe("canceled");
    expect(await remaining(workspace.id)).toEqual({
      workspaces: 0,
      contacts: 0,
      reminders: 0,
      deliveries: 0,
      ledger: 0,
      files: 0,
    });
    expect(await person(user.id)).toEqual({ users: 0, sessions: 0, memberships: 0 });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(clipFile)).toBe(false);
    expect(res.headers.get("set-cookie")).toContain("authjs.session-token=; Path=/; Max-Age=0");
    // The session is gone: the same cookie is now signed out.
    expect((await callRoute(exportGet, "/api/account/export", { cookie })).status).toBe(401);
    // Another person's workspace is untouched.
    expect(await remaining(other.workspace.id)).toMatchObject({ workspaces: 1, contacts: 1, files: 1 });
    expect(existsSync(other.file)).toBe(true);
    expect(existsSync(other.clipFile)).toBe(true);
  });

  it("is refused with transfer_ownership_first while the person owns a workspace with other members", async () => {
    const owner = await populatedUser();
    const team = await teamWorkspace(owner.user.id, {
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_team_kept",
    });
    await fill(team, owner.user.id);
    await createSignedInMember(team, "member");
    stripe.requests.length = 0;
    const res = await deleteAccount(owner.cookie, owner.user.email);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: "transfer_ownership_first",
      workspaceId: team.id,
      workspaceName: "Team",
    });
    // Nothing deleted, nothing cancelled: neither the shared workspace nor the person's own.
    expect(stripe.requests).toHaveLength(0);
    expect(await remaining(team.id)).toMatchObject({ workspaces: 1, contacts: 1 });
    expect(await remaining(owner.workspace.id)).toMatchObject({ workspaces: 1, contacts: 1, files: 1 });
    expect(await person(owner.user.id)).toMatchObject({ users: 1, memberships: 2 });
    expect(existsSync(owner.file)).toBe(true);
  });

  it("a member's deletion ends their membership; what they made in the team stays, its author gone", async () => {
    const owner = await populatedUser();
    const member = await createSignedInMember(owner.workspace, "member");
    const [made] = await db
      .insert(contacts)
      .values({
        workspaceId: owner.workspace.id,
        name: "Made by the member",
        email: "made@example.org",
        createdBy: member.user.id,
      })
      .returning();
    const res = await deleteAccount(member.cookie, member.user.email);
    expect(res.status).toBe(200);
    expect(await person(member.user.id)).toEqual({ users: 0, sessions: 0, memberships: 0 });
    // Their own workspace (they were alone in it) is gone; the team keeps everything.
    expect(await remaining(member.user.id)).toMatchObject({ workspaces: 0 });
    expect(await remaining(owner.workspace.id)).toMatchObject({ workspaces: 1, contacts: 2, files: 1 });
    const [kept] = await db.select().from(contacts).where(eq(contacts.id, made.id));
    expect(kept).toMatchObject({ workspaceId: owner.workspace.id, createdBy: null });
    const members = await db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, owner.workspace.id));
    expect(members.map((m) => m.userId)).toEqual([owner.user.id]);
  });

  it("deletes nothing when Stripe cannot cancel the subscription", async () => {
    const { cookie, user, workspace } = await populatedUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_unreachable",
    });
    await stripe.stop();
    try {
      const res = await deleteAccount(cookie, user.email);
      expect(res.status).toBe(502);
      expect(await remaining(workspace.id)).toMatchObject({ workspaces: 1, contacts: 1, files: 1 });
      expect(await person(user.id)).toMatchObject({ users: 1 });
    } finally {
      await stripe.start();
      stripe.use();
    }
  });
});
