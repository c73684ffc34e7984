import "server-only";
import { REACH_COLUMNS } from "@/lib/contacts/reach-columns";
import { asc, eq } from "drizzle-orm";
import { contactGroupMembers, contacts } from "@/db/schema";
import type { DeliveryMethod } from "@/db/schema/enums";
import { chainReach, type UnreachableReason } from "@/lib/contacts/channel-reach";
import { db } from "@/lib/db";
import { getGroup } from "./get-group";

/** Skipped members listed at most; `skippedCount` counts them all. */
export const SKIPPED_LISTED = 200;

export interface GroupReach {
  memberCount: number;
  /** Usage units one occurrence takes: each reachable member's first reaching channel (a call counts REMINDERS_PER_CALL). */
  messagesPerOccurrence: number;
  skippedCount: number;
  /** Members no channel of the chain reaches, by name (the first SKIPPED_LISTED). */
  skipped: { contactId: string; name: string; reason: UnreachableReason }[];
}

/**
 * GET /api/groups/{id}/reach?channels=: what one occurrence of a reminder to this group by this
 * chain of channels would send, counted as usage counts it, and which members none of the
 * channels reaches (no address for any, or opted out), with the first channel's reason.
 */
export async function groupReach(
  workspaceId: string,
  groupId: string,
  channels: DeliveryMethod[],
): Promise<GroupReach> {
  await getGroup(workspaceId, groupId);
  const members = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      ...REACH_COLUMNS,
    })
    .from(contactGroupMembers)
    .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contactId))
    .where(eq(contactGroupMembers.groupId, groupId))
    .orderBy(asc(contacts.name), asc(contacts.id));
  let messagesPerOccurrence = 0;
  const skipped: GroupReach["skipped"] = [];
  for (const member of members) {
    const reach = chainReach(member, channels);
    if (reach.reachable) messagesPerOccurrence += reach.units;
    else skipped.push({ contactId: member.id, name: member.name, reason: reach.reason });
  }
  return {
    memberCount: members.length,
    messagesPerOccurrence,
    skippedCount: skipped.length,
    skipped: skipped.slice(0, SKIPPED_LISTED),
  };
}
