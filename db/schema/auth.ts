import { boolean, integer, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";
import type { AdapterAccountType } from "next-auth/adapters";
import { createdAt, instant, updatedAt, uuidId } from "./columns";

export const users = pgTable(
  "users",
  {
    id: uuidId(),
    // Auth.js fields
    name: text(),
    email: varchar({ length: 320 }).notNull().unique(),
    emailVerified: instant(),
    image: text(),
    // Profile
    firstName: varchar({ length: 100 }),
    lastName: varchar({ length: 100 }),
    senderName: varchar({ length: 100 }),
    phone: varchar({ length: 32 }),
    timezone: text().notNull().default("UTC"),
    locale: varchar({ length: 8 }).notNull().default("en"),
    /**
     * The workspace this person last switched to; the requests of every session of theirs act in
     * it while they are a member (lib/workspaces/resolve-actor.ts), else in another of theirs.
     */
    currentWorkspaceId: text(),
    /** E-mail the user when an occurrence fails for good (at most one e-mail an hour). */
    failureAlerts: boolean().notNull().default(true),
    /** The user hid the dashboard's first-run checklist before finishing it. */
    checklistHiddenAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
);

/** A user as stored: what the session lookup answers and domain functions receive. */
export type User = typeof users.$inferSelect;

export const accounts = pgTable(
  "accounts",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().$type<AdapterAccountType>().notNull(),
    provider: text().notNull(),
    providerAccountId: text().notNull(),
    refresh_token: text(),
    access_token: text(),
    expires_at: integer(),
    token_type: text(),
    scope: text(),
    id_token: text(),
    session_state: text(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

export const sessions = pgTable("sessions", {
  sessionToken: text().primaryKey(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expires: instant().notNull(),
});

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text().notNull(),
    token: text().notNull(),
    expires: instant().notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);
