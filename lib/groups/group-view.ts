import "server-only";
import { sql } from "drizzle-orm";
import { contactGroups } from "@/db/schema";

/** What the API answers for a group. */
export interface GroupView {
  id: string;
  name: string;
  memberCount: number;
  createdAt: Date;
}

/**
 * A group's columns and its member count (the primary key's index answers the count). The
 * column is spelled out: inside a select list Drizzle leaves columns unqualified.
 */
export const groupViewColumns = {
  id: contactGroups.id,
  name: contactGroups.name,
  memberCount: sql<number>`(
    select count(*)::int from contact_group_members m where m.group_id = "contact_groups"."id"
  )`.as("member_count"),
  createdAt: contactGroups.createdAt,
};
