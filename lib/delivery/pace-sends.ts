import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { senderPacing } from "@/db/schema";
import { pool } from "@/lib/db";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { twilioSender } from "@/lib/channels/twilio-config";
import type { OutgoingMessage } from "@/lib/channels/types";
import { PACE_HORIZON_MS } from "./constants";
import { messagePartsOf } from "./message-parts-of";
import { renderMessage } from "@/lib/messages/render-message";
import { smsSegments } from "@/lib/channels/sms-segments";
import type { DecidedDelivery, LeasedDelivery } from "./types";

export interface PacedSends {
  /** To send now, each at or after its `notBefore` (this process's clock, epoch ms). */
  ready: LeasedDelivery[];
  /** Beyond the horizon: back to the queue at an estimate of their turn (outcome 'paced'). */
  deferred: DecidedDelivery[];
}

/** What one reservation read and decided, as epoch ms (text) from the database's clock. */
interface ReservedSlots {
  db_now: string;
  /** The first slot given: the sender's next free slot, or now if that has passed. */
  start: string;
  /** Where the sends beyond the horizon queue from. */
  queue_start: string;
  /** How many of the items (in order) got a slot. */
  granted: number;
}

const sp = alias(senderPacing, "p");
const epochMs = (t: SQL) => sql`extract(epoch from ${t}) * 1000`;
const ms = (n: SQL) => sql`(${n}) * interval '1 millisecond'`;

/** The sender's row, made on first use (RESERVE_SLOTS then finds it). */
const ADD_SENDER = compileStatement<{ sender: string }>(
  (
    p,
  ) => sql`insert into ${senderPacing} (${columnName(senderPacing.sender)}, ${columnName(senderPacing.nextFreeAt)},
      ${columnName(senderPacing.queueUntil)})
    values (${p.sender}, clock_timestamp(), clock_timestamp()) on conflict do nothing`,
);

/**
 * Slots for a batch's sends on one sender, in one statement: the row is locked (FOR UPDATE in
 * `o`, which reads its latest version), each send's slot starts `before` units of `interval` ms
 * after `start`, those within the horizon are given, the rest queue from `queue_until`; the row
 * moves past both, and the lock ends with the statement. `units`: each send's slots, in order.
 */
const RESERVE_SLOTS = compileStatement<
  { sender: string; units: number[]; interval: number; horizon: number },
  ReservedSlots
>(
  (p) => sql`with o as (
      select ${sp.nextFreeAt} as next_free, ${sp.queueUntil} as queue_until, clock_timestamp() as db_now
        from ${senderPacing} ${sp} where ${sp.sender} = ${p.sender} for update),
    s as (select o.*, greatest(o.next_free, o.db_now) as start from o),
    items as (select u, sum(u) over (order by i) - u as before
                from unnest(${p.units}::int[]) with ordinality as t(u, i)),
    g as (select count(*) filter (where given)::int as granted,
                 coalesce(sum(u) filter (where given), 0) as given_units, coalesce(sum(u), 0) as all_units
            from (select u, s.start + ${ms(sql`items.before * ${p.interval}::float8`)}
                              <= s.db_now + ${ms(sql`${p.horizon}::float8`)} as given from items, s) x),
    q as (select s.*, g.*, greatest(s.queue_until, s.start + ${ms(sql`g.given_units * ${p.interval}::float8`)}) as queue_start
            from s, g)
    update ${senderPacing} ${sp}
       set ${columnName(sp.nextFreeAt)} = q.start + ${ms(sql`q.given_units * ${p.interval}::float8`)},
           ${columnName(sp.queueUntil)} = case when q.given_units = q.all_units then q.queue_until
             else q.queue_start + ${ms(sql`(q.all_units - q.given_units) * ${p.interval}::float8`)} end
      from q where ${sp.sender} = ${p.sender}
    returning ${epochMs(sql`q.db_now`)} as db_now, ${epochMs(sql`q.start`)} as start,
              ${epochMs(sql`q.queue_start`)} as queue_start, q.granted`,
);

const SLOW_DOWN = compileStatement<{ sender: string; waitMs: number }>(
  (p) => sql`update ${senderPacing}
      set ${columnName(senderPacing.nextFreeAt)} = greatest(${senderPacing.nextFreeAt},
            clock_timestamp() + ${p.waitMs} * interval '1 millisecond')
    where ${senderPacing.sender} = ${p.sender}`,
);

/**
 * Gives each send a slot on its sender's budget, kept in `sender_pacing` so that every worker
 * process shares it: slots are `1 / rate` apart, reserved from `next_free_at` under the row's
 * lock for one statement (RESERVE_SLOTS), outside the caller's lease transaction: held through
 * it, the row made every other worker's lease wait (two workers were slower than one), and a
 * transaction of its own (lock, read, write, commit) still held it for four round trips. A lease that
 * then fails leaves its slots unused: sends go later, never faster than the rate. Slots within
 * PACE_HORIZON_MS are kept and the send waits for its slot; the rest are not reserved but queued
 * at estimates spaced the same way from `queue_until`, and reserve a slot when they come back.
 * Times come from the database's clock, so workers on machines whose clocks differ still share
 * one schedule.
 */
export async function paceSends(deliveries: LeasedDelivery[], now: Date): Promise<PacedSends> {
  const ready: LeasedDelivery[] = [];
  const deferred: DecidedDelivery[] = [];
  const groups = new Map<string, { mps: number; items: LeasedDelivery[] }>();
  for (const d of deliveries) {
    const sender = twilioSender(d.channel);
    if (!sender) {
      ready.push(d);
      continue;
    }
    const group = groups.get(sender.key) ?? { mps: sender.mps, items: [] };
    group.items.push(d);
    groups.set(sender.key, group);
  }
  for (const [key, { mps, items }] of groups) {
    // Rendered before the row is locked: each message's segments decide its slots.
    const rendered = items.map(renderedSms);
    const slots = await reserveSlots(key, 1_000 / mps, items, rendered, now);
    ready.push(...slots.ready);
    deferred.push(...slots.deferred);
  }
  return { ready, deferred };
}

/** Slots for `items` on one sender's row (see RESERVE_SLOTS), the row made on its first use. */
async function reserveSlots(
  key: string,
  interval: number,
  items: LeasedDelivery[],
  rendered: (OutgoingMessage | undefined)[],
  now: Date,
): Promise<PacedSends> {
  // A message takes one slot per segment: throughput is counted in segments.
  const counts = items.map((d, i) => units(d, rendered[i]));
  const params = { sender: key, units: counts, interval, horizon: PACE_HORIZON_MS };
  const asked = Date.now();
  let { rows } = await RESERVE_SLOTS.run(pool, params);
  if (rows.length === 0) {
    await ADD_SENDER.run(pool, { sender: key });
    ({ rows } = await RESERVE_SLOTS.run(pool, params));
  }
  // The database read its clock about halfway through the round trip.
  const localNow = (asked + Date.now()) / 2;
  const dbNow = Number(rows[0].db_now);
  const ready: LeasedDelivery[] = [];
  const deferred: DecidedDelivery[] = [];
  let slot = Number(rows[0].start);
  for (let i = 0; i < rows[0].granted; i++) {
    ready.push({ ...items[i], notBefore: localNow + (slot - dbNow), rendered: rendered[i] });
    slot += counts[i] * interval;
  }
  let queued = Number(rows[0].queue_start);
  for (let i = rows[0].granted; i < items.length; i++) {
    deferred.push({
      delivery: items[i],
      outcome: { kind: "paced", at: new Date(now.getTime() + (queued - dbNow)) },
    });
    queued += counts[i] * interval;
  }
  return { ready, deferred };
}

/** An SMS as it will be sent (kept on the delivery, so the send does not render it again). */
function renderedSms(d: LeasedDelivery): OutgoingMessage | undefined {
  return d.channel === "sms" ? renderMessage(messagePartsOf(d)) : undefined;
}

/** Slots a message takes: its SMS segments (a WhatsApp message is one). */
function units(d: LeasedDelivery, rendered = renderedSms(d)): number {
  return rendered ? smsSegments(rendered.text) : 1;
}

/** A "slow down" answer: no worker gives this sender a slot before `waitMs` from now. */
export async function slowDownSender(channel: string, waitMs: number): Promise<void> {
  const sender = twilioSender(channel);
  if (!sender) return;
  await SLOW_DOWN.run(pool, { sender: sender.key, waitMs: Math.round(waitMs) });
}
