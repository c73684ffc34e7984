import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, groupOccurrences, reminders } from "@/db/schema";
import type { GroupOccurrenceStatus } from "@/db/schema/enums";
import { columnName, compileStatement } from "@/lib/db/compile-statement";

/** How long a covered occurrence holds what its members have not drawn yet. */
export const GROUP_HOLD_MS = 48 * 3_600_000;

const g = alias(groupOccurrences, "g");
const r = alias(reminders, "r");
const c = alias(contacts, "c");

/** A group reminder's occurrence as the reservation reads and writes it. */
export interface GroupOccurrence {
  reminderId: string;
  occurrenceKey: string;
  workspaceId: string;
  status: GroupOccurrenceStatus;
  members: number;
  unitsHeld: number;
  unitsDrawn: number;
  expiresAt: Date;
}

interface HoldRow {
  kind: "open" | "occurrence";
  workspace_id: string;
  reminder_id: string | null;
  occurrence_key: string | null;
  status: GroupOccurrenceStatus | null;
  members: number | null;
  units_held: number;
  units_drawn: number;
  expires_at: Date | null;
}

/**
 * What the workspaces' open holds keep back (units held and not drawn, of covered occurrences
 * not expired), and the occurrences this batch's members belong to. Run after the workspaces'
 * lock, as a statement of its own: it then sees what the batch that held the lock before
 * committed (every writer of group_occurrences holds its workspace's lock).
 */
const READ_HOLDS = compileStatement<
  { workspaceIds: string[]; reminderIds: string[]; keys: string[]; now: Date },
  HoldRow
>(
  (
    p,
  ) => sql`select 'open' as kind, ${g.workspaceId} as workspace_id, null as reminder_id, null as occurrence_key,
      null as status, null::int as members, sum(${g.unitsHeld} - ${g.unitsDrawn})::int as units_held,
      0 as units_drawn, null::timestamptz as expires_at
    from ${groupOccurrences} ${g}
    where ${g.workspaceId} = any(${p.workspaceIds}::text[]) and ${g.status} = 'covered'
      and ${g.unitsDrawn} < ${g.unitsHeld} and ${g.expiresAt} > ${p.now}
    group by ${g.workspaceId}
  union all
    select 'occurrence', ${g.workspaceId}, ${g.reminderId}, ${g.occurrenceKey}, ${g.status}, ${g.members},
      ${g.unitsHeld}, ${g.unitsDrawn}, ${g.expiresAt}
    from ${groupOccurrences} ${g}
      join unnest(${p.reminderIds}::text[], ${p.keys}::text[]) as k(reminder_id, occurrence_key)
        on ${g.reminderId} = k.reminder_id and ${g.occurrenceKey} = k.occurrence_key`,
);

/**
 * Members of these group reminders whom their first step can reach: a live member reminder
 * whose contact has not stopped everything from the workspace, has the address of its channel,
 * has not opted out of it and (WhatsApp) gave consent. The others fail before any usage is
 * reserved, so the hold does not count them. A contact who accepts another channel than the
 * group's is counted on the group's (their first step goes by theirs, drawing on the hold when
 * its units fit, else reserving as a single delivery does).
 */
const COUNT_MEMBERS = compileStatement<{ reminderIds: string[] }, { reminder_id: string; members: number }>(
  (p) => sql`select ${r.parentReminderId} as reminder_id, count(*)::int as members
    from ${reminders} ${r} join ${contacts} ${c} on ${c.id} = ${r.contactId}
    where ${r.parentReminderId} = any(${p.reminderIds}::text[]) and ${r.status} <> 'cancelled'
      and ${c.stoppedAt} is null
      and case ${r.deliveryMethod}
        when 'email' then ${c.email} is not null and not ${c.emailOptOut} and ${c.emailSuppressedAt} is null
        when 'sms' then ${c.phone} is not null and not ${c.smsOptOut}
        when 'whatsapp' then ${c.phone} is not null and not ${c.whatsappOptOut} and ${c.whatsappConsentAt} is not null
        else ${c.phone} is not null and not ${c.callOptOut} end
    group by ${r.parentReminderId}`,
);

/** New occurrences written, and the units drawn from existing ones (by their key). */
const WRITE_OCCURRENCES = compileStatement<{
  reminderIds: string[];
  keys: string[];
  workspaceIds: string[];
  statuses: string[];
  members: number[];
  held: number[];
  drawn: number[];
  expires: Date[];
  now: Date;
}>(
  (
    p,
  ) => sql`insert into ${groupOccurrences} as ${g} (${columnName(g.reminderId)}, ${columnName(g.occurrenceKey)},
      ${columnName(g.workspaceId)}, ${columnName(g.status)}, ${columnName(g.members)}, ${columnName(g.unitsHeld)},
      ${columnName(g.unitsDrawn)}, ${columnName(g.expiresAt)}, ${columnName(g.createdAt)})
    select v.reminder_id, v.occurrence_key, v.workspace_id, v.status, v.members, v.held, v.drawn, v.expires_at, ${p.now}
      from unnest(${p.reminderIds}::text[], ${p.keys}::text[], ${p.workspaceIds}::text[], ${p.statuses}::text[],
                  ${p.members}::int[], ${p.held}::int[], ${p.drawn}::int[], ${p.expires}::timestamptz[])
        as v(reminder_id, occurrence_key, workspace_id, status, members, held, drawn, expires_at)
    on conflict (${columnName(g.reminderId)}, ${columnName(g.occurrenceKey)})
    do update set ${columnName(g.unitsDrawn)} = excluded.${columnName(g.unitsDrawn)}`,
);

const keyOf = (reminderId: string, occurrenceKey: string) => `${reminderId}|${occurrenceKey}`;

export interface GroupHolds {
  /** Units each workspace's open holds keep back from every reservation but their members'. */
  held: Map<string, number>;
  /** The occurrences read, by `reminderId|occurrenceKey`. */
  occurrences: Map<string, GroupOccurrence>;
  key: typeof keyOf;
}

/**
 * Reads the open holds of `workspaceIds` (those whose row says a hold may be open:
 * workspaces.group_holds_until) and these occurrences (see READ_HOLDS), under the workspaces'
 * lock; no statement when there is neither.
 */
export async function readGroupHolds(
  client: pg.PoolClient,
  workspaceIds: string[],
  wanted: { reminderId: string; occurrenceKey: string }[],
  now: Date,
): Promise<GroupHolds> {
  const unique = new Map(wanted.map((w) => [keyOf(w.reminderId, w.occurrenceKey), w]));
  if (workspaceIds.length === 0 && unique.size === 0)
    return { held: new Map(), occurrences: new Map(), key: keyOf };
  const { rows } = await READ_HOLDS.run(client, {
    workspaceIds,
    reminderIds: [...unique.values()].map((w) => w.reminderId),
    keys: [...unique.values()].map((w) => w.occurrenceKey),
    now,
  });
  const held = new Map<string, number>();
  const occurrences = new Map<string, GroupOccurrence>();
  for (const row of rows) {
    if (row.kind === "open") held.set(row.workspace_id, row.units_held);
    else
      occurrences.set(keyOf(row.reminder_id!, row.occurrence_key!), {
        reminderId: row.reminder_id!,
        occurrenceKey: row.occurrence_key!,
        workspaceId: row.workspace_id,
        status: row.status!,
        members: row.members ?? 0,
        unitsHeld: row.units_held,
        unitsDrawn: row.units_drawn,
        expiresAt: row.expires_at!,
      });
  }
  return { held, occurrences, key: keyOf };
}

/** Reachable members of each group reminder (see COUNT_MEMBERS). */
export async function countGroupMembers(
  client: pg.PoolClient,
  reminderIds: string[],
): Promise<Map<string, number>> {
  if (reminderIds.length === 0) return new Map();
  const { rows } = await COUNT_MEMBERS.run(client, { reminderIds });
  return new Map(rows.map((row) => [row.reminder_id, row.members]));
}

/** Writes the occurrences this reservation made or drew from, in one statement. */
export async function writeGroupOccurrences(client: pg.PoolClient, changed: GroupOccurrence[], now: Date) {
  if (changed.length === 0) return;
  await WRITE_OCCURRENCES.run(client, {
    reminderIds: changed.map((o) => o.reminderId),
    keys: changed.map((o) => o.occurrenceKey),
    workspaceIds: changed.map((o) => o.workspaceId),
    statuses: changed.map((o) => o.status),
    members: changed.map((o) => o.members),
    held: changed.map((o) => o.unitsHeld),
    drawn: changed.map((o) => o.unitsDrawn),
    expires: changed.map((o) => o.expiresAt),
    now,
  });
}

const dl = alias(deliveries, "dl");

/** Units given back to the holds their members' first steps drew on. */
const RETURN_DRAWS = compileStatement<{ ids: number[]; units: number[] }>(
  (p) => sql`update ${groupOccurrences} ${g}
      set ${columnName(g.unitsDrawn)} = greatest(0, ${g.unitsDrawn} - v.units)
     from (select ${r.parentReminderId} as reminder_id, (${dl.occurrenceAt} at time zone ${r.timezone})::date::text as occurrence_key,
                  sum(u.units)::int as units
             from unnest(${p.ids}::bigint[], ${p.units}::int[]) as u(id, units)
             join ${deliveries} ${dl} on ${dl.id} = u.id
             join ${reminders} ${r} on ${r.id} = ${dl.reminderId}
            where ${dl.fallbackStep} = 0 and ${r.parentReminderId} is not null
            group by 1, 2) v
    where ${g.reminderId} = v.reminder_id and ${g.occurrenceKey} = v.occurrence_key and ${g.status} = 'covered'`,
);

/**
 * A first attempt handed back unsent (a shutdown) gives its units back to its occurrence's hold,
 * as refundUsage gives them back to the workspace: its next lease draws on the hold again. Called
 * after the workspaces' lock (refundUsage), the order every writer of group_occurrences keeps.
 */
export async function returnDraws(client: pg.PoolClient, released: { id: number; units: number }[]) {
  if (released.length === 0) return;
  await RETURN_DRAWS.run(client, { ids: released.map((d) => d.id), units: released.map((d) => d.units) });
}
