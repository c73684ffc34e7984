import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, uuidId } from "./columns";
import { workspaces } from "./workspaces";
import { contacts } from "./contacts";

/** A user's named list of contacts (a choir, the day's patients); a contact may be in several. */
export const contactGroups = pgTable(
  "contact_groups",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: varchar({ length: 80 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One name per user, whatever its case: "Choir" and "choir" are one group.
    uniqueIndex("contact_groups_workspace_name_key").on(t.workspaceId, sql`lower(${t.name})`),
  ],
);

/** Who is in a group. The user id is the owner's (both sides are checked to be theirs on write). */
export const contactGroupMembers = pgTable(
  "contact_group_members",
  {
    groupId: text()
      .notNull()
      .references(() => contactGroups.id, { onDelete: "cascade" }),
    contactId: text()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "contact_group_members_pkey", columns: [t.groupId, t.contactId] }),
    index("contact_group_members_contact_idx").on(t.contactId),
    // The contacts list's groupIds: one grouped pass over the user's memberships, from the index alone.
    index("contact_group_members_workspace_contact_idx").on(t.workspaceId, t.contactId, t.groupId),
  ],
);
