import { randomBytes } from "node:crypto";
import { eq, getTableColumns, sql } from "drizzle-orm";
import {
  contacts,
  reminders,
  users,
  workspaceMembers,
  workspaces,
  type User,
  type Workspace,
} from "@/db/schema";
import { db } from "@/lib/db";
import { createUser } from "@/lib/workspaces/create-user";
import type { SignedInOverrides } from "./users";

const USER_KEYS = new Set(Object.keys(getTableColumns(users)));
const WORKSPACE_KEYS = new Set(Object.keys(getTableColumns(workspaces)));

/** A sender: the person, with the workspace of their own they send from (its id is theirs). */
export type Sender = User & { workspace: Workspace };

/**
 * A person who sends reminders: sender name "Ana Pérez", in a workspace of their own (the id is
 * the person's, as at sign-up) with a quota of 1000. `overrides` mixes the person's fields
 * (senderName, locale, timezone...) and the workspace's (planType, remindersQuota, credit...).
 */
export async function createSender(overrides: SignedInOverrides = {}): Promise<Sender> {
  const person: Record<string, unknown> = { senderName: "Ana Pérez" };
  const plan: Record<string, unknown> = { remindersQuota: 1000 };
  for (const [key, value] of Object.entries(overrides)) {
    if (USER_KEYS.has(key)) person[key] = value;
    else if (WORKSPACE_KEYS.has(key)) plan[key] = value;
    else throw new Error(`createSender: unknown field ${key}`);
  }
  const created = await createUser({
    email: (person.email as string | undefined) ?? `sender-${randomBytes(5).toString("hex")}@example.com`,
    name: "Ana",
  });
  const [user] = await db.update(users).set(person).where(eq(users.id, created.id)).returning();
  const [workspace] = await db.update(workspaces).set(plan).where(eq(workspaces.id, created.id)).returning();
  return { ...user, workspace };
}

/** The workspace row as it is now (its counters move with every send). */
export async function reloadWorkspace(workspaceId: string): Promise<Workspace> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row;
}

export async function createContact(
  workspaceId: string,
  overrides: Partial<typeof contacts.$inferInsert> = {},
) {
  const [contact] = await db
    .insert(contacts)
    .values({
      workspaceId,
      name: "Ben",
      email: `ben-${randomBytes(4).toString("hex")}@example.org`,
      ...overrides,
    })
    .returning();
  return contact;
}

/** The workspace's owner: who a reminder arranged without a `createdBy` was made by. */
export const workspaceOwner = (workspaceId: string) =>
  sql<string>`(select ${workspaceMembers.userId} from ${workspaceMembers}
    where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.role} = 'owner')`;

/**
 * A one-time reminder due at `at` (the reminders module's shape: status scheduled, nextRunAt),
 * made by the workspace's owner unless `overrides.createdBy` says who.
 */
export async function createReminder(
  workspaceId: string,
  contactId: string,
  at: Date,
  overrides: Partial<typeof reminders.$inferInsert> = {},
) {
  const [reminder] = await db
    .insert(reminders)
    .values({
      workspaceId,
      contactId,
      type: "text",
      message: "Call grandma",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: at,
      nextRunAt: at,
      createdBy: workspaceOwner(workspaceId),
      ...overrides,
    })
    .returning();
  return reminder;
}
