import "server-only";
import { users } from "@/db/schema";
import { db } from "@/lib/db";
import { createOwnWorkspace } from "./ensure-workspace";
import type { Locale } from "@/i18n/locales";

export interface NewUserInput {
  email: string;
  name?: string | null;
  image?: string | null;
  emailVerified?: Date | null;
  locale?: Locale;
  /** The browser's IANA zone at sign-up; UTC without one. */
  timezone?: string | null;
}

/**
 * A new person and, in the same transaction, a workspace of their own on a 7-day trial (50
 * reminders, 0 used), where they act until they switch to another they are invited to.
 */
export async function createUser(input: NewUserInput, now = new Date()) {
  const [firstName, ...rest] = (input.name ?? "").trim().split(/\s+/);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        name: input.name ?? null,
        image: input.image ?? null,
        emailVerified: input.emailVerified ?? null,
        firstName: firstName || null,
        lastName: rest.join(" ") || null,
        locale: input.locale ?? "en",
        timezone: input.timezone || "UTC",
      })
      .returning();
    const workspace = await createOwnWorkspace(tx, user, "trial", now);
    return { ...user, currentWorkspaceId: workspace.id };
  });
}
