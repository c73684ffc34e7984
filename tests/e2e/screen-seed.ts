import { randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import {
  apiKeys,
  contactDates,
  contactGroupMembers,
  contactGroups,
  contacts,
  deliveries,
  messageTemplates,
  reminders,
  sessions,
  users,
  webhookEndpoints,
  workspaceEvents,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "@/db/schema";
import { eq } from "drizzle-orm";
import { newInvitationToken } from "@/lib/team/invitation-token";
import { trialPlanState } from "@/lib/workspaces/plan-state";
import { e2eDb } from "./fixtures";

export const SEED_ZONE = "Europe/Madrid";

/** Words a real account in each language would hold: the screens are looked at with them. */
const WORDS = {
  en: {
    call: "Call grandma, she is waiting to hear how the trip went",
    pills: "Take the evening pills",
    group: "Sunday lunch at grandma's, the whole family",
  },
  es: {
    call: "Llama a la abuela, quiere saber cómo fue el viaje",
    pills: "Tomar las pastillas de la noche",
    group: "Comida del domingo en casa de la abuela, toda la familia",
  },
  fr: {
    call: "Appelle mamie, elle attend des nouvelles du voyage",
    pills: "Prendre les cachets du soir",
    group: "Déjeuner du dimanche chez mamie, toute la famille",
  },
} as const;

export type SeedLocale = keyof typeof WORDS;

export interface SeededAccount {
  userId: string;
  sessionToken: string;
  /** The contact of the one recurring SMS reminder: its row has Send Now (a dialog) and History. */
  recurringSmsContact: string;
  /** A group of two of the contacts, with a long name. */
  groupId: string;
  /** The team's second member (Settings → Team's row with a role select and Remove). */
  memberName: string;
  /** The link token of an open invitation to the workspace, for the invitation page signed out. */
  invitationToken: string;
  /** The other workspace the person belongs to (the sidebar's switch). */
  otherWorkspace: string;
}

/** Settings → Team's rows: a second member, invitations open and expired, another workspace. */
async function seedTeam(ownerId: string, member: typeof users.$inferSelect, locale: SeedLocale) {
  const suffix = randomBytes(4).toString("hex");
  const [otherOwner] = await e2eDb
    .insert(users)
    .values({ email: `clinic-${suffix}@example.com`, firstName: "Inés", lastName: "Villaverde", locale })
    .returning();
  const otherName = "Clínica Dental Sonrisas de Villaverde del Río";
  const [other] = await e2eDb
    .insert(workspaces)
    .values({
      id: otherOwner.id,
      name: otherName,
      senderIdentity: "workspace",
      ...trialPlanState(new Date()),
    })
    .returning();
  await e2eDb.insert(workspaceMembers).values([
    { workspaceId: other.id, userId: otherOwner.id, role: "owner" },
    { workspaceId: other.id, userId: ownerId, role: "admin" },
  ]);
  const open = newInvitationToken();
  await e2eDb.insert(workspaceInvitations).values([
    {
      workspaceId: ownerId,
      email: `maria.de.los.angeles.fernandez-villaverde.${suffix}@example.com`,
      role: "viewer",
      tokenHash: open.hash,
      invitedBy: ownerId,
      expiresAt: days(6),
    },
    {
      workspaceId: ownerId,
      email: `jean-baptiste.${suffix}@example.com`,
      role: "admin",
      tokenHash: newInvitationToken().hash,
      invitedBy: ownerId,
      createdAt: days(-9),
      sentAt: days(-9),
      expiresAt: days(-2),
    },
  ]);
  return {
    memberName: `${member.firstName} ${member.lastName}`,
    invitationToken: open.token,
    otherWorkspace: otherName,
  };
}

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/**
 * One account with what a few weeks of use leave: contacts with long names and addresses, a
 * reminder on every channel (one-time and recurring), delivered and failed history, templates,
 * an API key and a webhook endpoint. Reminders are due in the future so the engine leaves them.
 */
export async function seedAccount(locale: SeedLocale): Promise<SeededAccount> {
  const words = WORDS[locale];
  const [user] = await e2eDb
    .insert(users)
    .values({
      email: `screens-${locale}-${randomBytes(4).toString("hex")}@example.com`,
      firstName: "Maximiliana",
      lastName: "Fernández-Villaverde",
      senderName: "Maximiliana",
      timezone: SEED_ZONE,
      locale,
    })
    .returning();
  await e2eDb
    .insert(workspaces)
    .values({ id: user.id, name: "Maximiliana Fernández-Villaverde", ...trialPlanState(new Date()) });
  await e2eDb.insert(workspaceMembers).values({ workspaceId: user.id, userId: user.id, role: "owner" });
  await e2eDb.update(users).set({ currentWorkspaceId: user.id }).where(eq(users.id, user.id));
  const sessionToken = randomBytes(24).toString("hex");
  await e2eDb.insert(sessions).values({ sessionToken, userId: user.id, expires: days(1) });
  // A second member with a long name: the trail's person filter and "Last changed by" show them.
  const [colleague] = await e2eDb
    .insert(users)
    .values({
      email: `screens-admin-${locale}-${randomBytes(4).toString("hex")}@example.com`,
      firstName: "Bartholomew",
      lastName: "Featherstonehaugh-Cholmondeley",
      locale,
    })
    .returning();
  await e2eDb.insert(workspaceMembers).values({ workspaceId: user.id, userId: colleague.id, role: "admin" });
  // Made by the owner, one of them changed since by the colleague.
  const made = { createdBy: user.id, updatedBy: user.id };

  const people = await e2eDb
    .insert(contacts)
    .values([
      {
        ...made,
        updatedBy: colleague.id,
        workspaceId: user.id,
        name: "María de los Ángeles Fernández-Villaverde y Santisteban",
        relationship: locale === "en" ? "Grandmother" : locale === "es" ? "Abuela" : "Grand-mère",
        email: "maria.de.los.angeles.fernandez-villaverde@example.com",
        phone: "+34612345678",
        deliveryMethod: "sms",
        whatsappConsentAt: days(-20),
        whatsappConsentSource: "in_person",
      },
      {
        ...made,
        workspaceId: user.id,
        name: "Jean-Baptiste Dupont-Aignan",
        relationship: locale === "fr" ? "Frère" : locale === "es" ? "Hermano" : "Brother",
        phone: "+33612345678",
        deliveryMethod: "sms",
      },
      { ...made, workspaceId: user.id, name: "Ana", email: "ana@example.com" },
      {
        ...made,
        workspaceId: user.id,
        name: "Bartholomew Featherstonehaugh-Cholmondeley",
        email: "bartholomew@example.com",
        phone: "+14155550123",
      },
    ])
    .returning();
  const [maria, jean, ana, bart] = people;
  const [group] = await e2eDb
    .insert(contactGroups)
    .values({ workspaceId: user.id, name: words.group })
    .returning();
  await e2eDb
    .insert(contactGroupMembers)
    .values([maria, bart].map((c) => ({ groupId: group.id, contactId: c.id, workspaceId: user.id })));
  await e2eDb.insert(contactDates).values([
    { workspaceId: user.id, contactId: maria.id, kind: "birthday", month: 3, day: 14, year: 1941 },
    { workspaceId: user.id, contactId: bart.id, kind: "anniversary", month: 9, day: 2 },
  ]);

  const base = { workspaceId: user.id, timezone: SEED_ZONE, createdBy: user.id, updatedBy: colleague.id };
  const rows = await e2eDb
    .insert(reminders)
    .values([
      {
        ...base,
        contactId: maria.id,
        message: words.call,
        deliveryMethod: "whatsapp",
        scheduleType: "recurring",
        frequency: "weekly",
        days: ["Sun"],
        time: "18:00",
        scheduledFor: days(2),
        nextRunAt: days(2),
      },
      {
        ...base,
        contactId: jean.id,
        message: words.pills,
        deliveryMethod: "sms",
        scheduleType: "recurring",
        frequency: "daily",
        time: "21:30",
        scheduledFor: days(1),
        nextRunAt: days(1),
        occurrencesSent: 2,
        lastSentAt: days(-1),
      },
      {
        ...base,
        contactId: ana.id,
        message: `${words.call} — ${words.pills}`,
        deliveryMethod: "email",
        scheduleType: "once",
        scheduledFor: days(3),
        nextRunAt: days(3),
      },
      {
        ...base,
        contactId: bart.id,
        message: words.pills,
        deliveryMethod: "call",
        scheduleType: "once",
        scheduledFor: days(4),
        nextRunAt: days(4),
      },
      {
        ...base,
        contactId: ana.id,
        message: words.call,
        deliveryMethod: "email",
        scheduleType: "once",
        status: "failed",
        scheduledFor: days(-2),
        lastError: "Mailbox unavailable",
      },
    ])
    .returning();
  const [, sms, , , failed] = rows;
  await e2eDb.insert(deliveries).values([
    {
      reminderId: sms.id,
      workspaceId: user.id,
      contactId: jean.id,
      occurrenceAt: days(-2),
      channel: "sms",
      status: "delivered",
      attemptCount: 1,
      sentAt: days(-2),
      deliveredAt: days(-2),
    },
    {
      reminderId: sms.id,
      workspaceId: user.id,
      contactId: jean.id,
      occurrenceAt: days(-1),
      channel: "sms",
      status: "failed",
      attemptCount: 3,
      error: "Unreachable destination handset",
      errorCode: "30003",
      lastAttemptAt: days(-1),
    },
    {
      reminderId: failed.id,
      workspaceId: user.id,
      contactId: ana.id,
      occurrenceAt: days(-2),
      channel: "email",
      status: "failed",
      attemptCount: 1,
      error: "Mailbox unavailable",
      lastAttemptAt: days(-2),
    },
  ]);
  await e2eDb.insert(messageTemplates).values([
    { workspaceId: user.id, name: words.pills, body: words.pills, locale },
    { workspaceId: user.id, name: "Sunday call", body: words.call, locale: "en" },
  ]);
  await e2eDb.insert(apiKeys).values({
    workspaceId: user.id,
    createdBy: user.id,
    name: "Home automation",
    scope: "write",
    prefix: `rk_live_${randomBytes(3).toString("hex")}`,
    hash: randomBytes(32).toString("hex"),
    lastUsedAt: days(-1),
  });
  await e2eDb.insert(webhookEndpoints).values({
    workspaceId: user.id,
    url: "https://hooks.example.com/remindful/deliveries/very-long-path-for-the-receiver",
    description: "Family dashboard",
    events: ["delivery.sent", "delivery.delivered"],
    secret: `whsec_${randomBytes(24).toString("base64url")}`,
  });
  // The activity trail of those weeks: each kind of line, by each member, a key and the payment provider.
  const owner = { workspaceId: user.id, actorId: user.id, actorName: "Maximiliana Fernández-Villaverde" };
  const admin = {
    workspaceId: user.id,
    actorId: colleague.id,
    actorName: "Bartholomew Featherstonehaugh-Cholmondeley",
  };
  await e2eDb.insert(workspaceEvents).values([
    { ...owner, kind: "contacts.imported", details: { count: 4 }, createdAt: days(-20) },
    {
      ...owner,
      kind: "member.invited",
      details: { email: colleague.email, role: "admin" },
      createdAt: days(-19),
    },
    {
      ...admin,
      kind: "member.joined",
      subjectId: colleague.id,
      details: { email: colleague.email, role: "admin" },
      createdAt: days(-18),
    },
    {
      ...owner,
      kind: "reminder.created",
      subjectId: rows[0].id,
      details: { recipient: maria.name, channel: "whatsapp" },
      createdAt: days(-10),
    },
    {
      ...admin,
      kind: "reminder.updated",
      subjectId: rows[0].id,
      details: { recipient: maria.name, channel: "whatsapp" },
      createdAt: days(-9),
    },
    {
      ...admin,
      kind: "group.created",
      subjectId: group.id,
      details: { name: words.group, members: 2 },
      createdAt: days(-8),
    },
    {
      ...owner,
      kind: "api_key.created",
      details: { name: "Home automation", scope: "write" },
      createdAt: days(-7),
    },
    {
      ...owner,
      apiKeyId: "key-gone",
      kind: "contact.updated",
      subjectId: ana.id,
      details: { name: ana.name },
      createdAt: days(-6),
    },
    {
      workspaceId: user.id,
      kind: "billing.plan_changed",
      details: { from: "trial", to: "starter", frequency: "monthly" },
      createdAt: days(-5),
    },
    {
      ...admin,
      kind: "webhook.created",
      details: { url: "https://hooks.example.com/remindful/deliveries/very-long-path-for-the-receiver" },
      createdAt: days(-4),
    },
    {
      ...owner,
      kind: "member.role_changed",
      subjectId: colleague.id,
      details: { email: colleague.email, from: "member", to: "admin" },
      createdAt: days(-3),
    },
    {
      ...admin,
      kind: "reminder.cancelled",
      subjectId: rows[4].id,
      details: { recipient: ana.name },
      createdAt: days(-1),
    },
  ]);
  return {
    userId: user.id,
    sessionToken,
    recurringSmsContact: jean.name,
    groupId: group.id,
    ...(await seedTeam(user.id, colleague, locale)),
  };
}

/** The seeded account's session and language, on a fresh browser context. */
export async function useAccount(context: BrowserContext, account: SeededAccount, locale: SeedLocale) {
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await context.addCookies([
    {
      name: "authjs.session-token",
      value: account.sessionToken,
      domain: hostname,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
    { name: "NEXT_LOCALE", value: locale, domain: hostname, path: "/" },
  ]);
}
