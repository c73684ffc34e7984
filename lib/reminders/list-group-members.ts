import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { reminders } from "@/db/schema";
import type { ConfirmationState, DeliveryMethod, DeliveryStatus } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { invalidInput, notFound } from "@/lib/errors/domain-error";
import { REMINDER_NOT_FOUND } from "./find-own-reminder";
import { groupOccurrenceTotals, type GroupOccurrenceTotals } from "./group-occurrence-totals";

/** One fallback step of a member's delivery of the occurrence. */
export interface GroupMemberStep {
  channel: DeliveryMethod;
  /** The step's own channel when the contact's choices sent it by `channel` instead. */
  requestedChannel: DeliveryMethod | null;
  status: DeliveryStatus;
  error: string | null;
  errorCode: string | null;
  confirmation: ConfirmationState | null;
  playedAt: string | null;
  sentAt: string | null;
  /** Held for quiet hours: when it will be sent. Queued after an error: the next attempt. */
  nextAttemptAt: string | null;
  fallbackStep: number;
}

export interface GroupMember {
  /** The member reminder (its own History: GET /api/reminders/{reminderId}/deliveries). */
  reminderId: string;
  contactId: string;
  name: string;
  /** The member reminder's status: 'cancelled' for a member who left (or a cancelled group reminder). */
  status: string;
  /** The occurrence's steps, first channel first; empty when none was taken on yet. */
  deliveries: GroupMemberStep[];
}

export interface GroupMembersPage {
  /** The occurrence the steps and totals are about (its local date), as in `totals`. */
  occurrence: string | null;
  members: GroupMember[];
  totals: GroupOccurrenceTotals;
  /** Opaque; pass as ?cursor= for the next page. Null on the last page. */
  nextCursor: string | null;
}

/** The page's keyset cursor over (contact name, contact id). */
const nameIdCursor = {
  encode: (name: string, id: string) => Buffer.from(JSON.stringify([name, id])).toString("base64url"),
  decode(cursor: string): [string, string] {
    try {
      const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
      if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === "string"))
        return [value[0], value[1]];
    } catch {
      // not base64url JSON: refused below
    }
    throw invalidInput("cursor: Invalid cursor");
  },
};

type Row = {
  reminderId: string;
  contactId: string;
  name: string;
  status: string;
  deliveries:
    | (Omit<GroupMemberStep, "playedAt" | "sentAt" | "nextAttemptAt"> & {
        playedAt: string | null;
        sentAt: string | null;
        nextAttemptAt: string | null;
      })[]
    | null;
};

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/**
 * GET /api/reminders/{id}/members: a group reminder's members by name (keyset on name, contact
 * id), each with its member reminder's status and its steps of the group's latest occurrence,
 * and the totals of that occurrence over every member. Three statements whatever the page: the
 * group reminder, the totals (which name the occurrence), the page with its steps. Another
 * user's reminder, an unknown one and a reminder that is not a group reminder are a 404.
 */
export async function listGroupMembers(
  workspaceId: string,
  reminderId: string,
  query: { cursor?: string; limit: number },
): Promise<GroupMembersPage> {
  const [parent] = await db
    .select({ recipient: reminders.recipient })
    .from(reminders)
    .where(and(eq(reminders.id, reminderId), eq(reminders.workspaceId, workspaceId)));
  if (parent?.recipient !== "group") throw notFound(REMINDER_NOT_FOUND);
  const after = query.cursor ? nameIdCursor.decode(query.cursor) : null;
  const totals = await groupOccurrenceTotals(db, reminderId);
  // The page first (sorted and cut), then each of its members' latest occurrence, only when it
  // is the group's: a member who has not had it yet shows no step.
  const { rows } = await db.execute<Row>(sql`
    select p.id as "reminderId", p.contact_id as "contactId", p.name, p.status,
           (select json_agg(json_build_object('channel', d.channel, 'requestedChannel', d.requested_channel, 'status', d.status, 'error', d.error,
                     'errorCode', d.error_code, 'confirmation', d.confirmation, 'playedAt', d.played_at,
                     'sentAt', d.sent_at, 'nextAttemptAt', d.next_attempt_at,
                     'fallbackStep', d.fallback_step) order by d.fallback_step)
              from deliveries d where d.reminder_id = p.id and d.occurrence_at = l.at) as deliveries
      from (select m.id, m.contact_id, m.status, m.timezone, c.name
              from reminders m join contacts c on c.id = m.contact_id
             where m.parent_reminder_id = ${reminderId}
               ${after ? sql`and (c.name, c.id) > (${after[0]}, ${after[1]})` : sql``}
             order by c.name, c.id
             limit ${query.limit + 1}) p
      left join lateral (
        select d.occurrence_at as at from deliveries d
         where d.reminder_id = p.id and not d.extra and d.snoozed_from_id is null
         order by d.occurrence_at desc limit 1) l
        on (l.at at time zone p.timezone)::date = ${totals.occurrence}::date
     order by p.name, p.contact_id`);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    occurrence: totals.occurrence,
    members: page.map((row) => ({
      reminderId: row.reminderId,
      contactId: row.contactId,
      name: row.name,
      status: row.status,
      deliveries: (row.deliveries ?? []).map((step) => ({
        ...step,
        playedAt: iso(step.playedAt),
        sentAt: iso(step.sentAt),
        nextAttemptAt: iso(step.nextAttemptAt),
      })),
    })),
    totals,
    nextCursor: rows.length > query.limit && last ? nameIdCursor.encode(last.name, last.contactId) : null,
  };
}
