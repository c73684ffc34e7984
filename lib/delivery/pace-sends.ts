import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { senderPacing } from "@/db/schema";
import { pool } from "@/lib/db";
import { withTransaction } from "@/lib/db/with-transaction";
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

interface PacingRow {
  next_free: string;
  queue_until: string;
  db_now: string;
}

const sp = alias(senderPacing, "p");

/** The sender's row (made on first use), locked, with the database's clock (epoch ms as text). */
const LOCK_SENDER = compileStatement<{ sender: string }, PacingRow>(
  (p) => sql`insert into ${senderPacing} as ${sp} (${columnName(sp.sender)}, ${columnName(sp.nextFreeAt)},
      ${columnName(sp.queueUntil)})
    values (${p.sender}, clock_timestamp(), clock_timestamp())
    on conflict (${columnName(sp.sender)}) do update set ${columnName(sp.sender)} = excluded.${columnName(sp.sender)}
    returning extract(epoch from ${sp.nextFreeAt}) * 1000 as next_free,
              extract(epoch from ${sp.queueUntil}) * 1000 as queue_until,
              extract(epoch from clock_timestamp()) * 1000 as db_now`,
);

const MOVE_SENDER = compileStatement<{ sender: string; nextFree: number; queueUntil: number }>(
  (p) => sql`update ${senderPacing}
      set ${columnName(senderPacing.nextFreeAt)} = to_timestamp(${p.nextFree}::float8 / 1000),
          ${columnName(senderPacing.queueUntil)} = to_timestamp(${p.queueUntil}::float8 / 1000)
    where ${senderPacing.sender} = ${p.sender}`,
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
 * lock, in a short transaction of their own: held through the caller's lease transaction, the row
 * made every other worker's lease wait for it (two workers were slower than one). A lease that
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
    const slots = await withTransaction((client) =>
      reserveSlots(client, key, 1_000 / mps, items, rendered, now),
    );
    ready.push(...slots.ready);
    deferred.push(...slots.deferred);
  }
  return { ready, deferred };
}

/** Slots for `items` on one sender's row, locked for this transaction only. */
async function reserveSlots(
  client: pg.PoolClient,
  key: string,
  interval: number,
  items: LeasedDelivery[],
  rendered: (OutgoingMessage | undefined)[],
  now: Date,
): Promise<PacedSends> {
  const ready: LeasedDelivery[] = [];
  const deferred: DecidedDelivery[] = [];
  const asked = Date.now();
  const { rows } = await LOCK_SENDER.run(client, { sender: key });
  const dbNow = Number(rows[0].db_now);
  // The database read its clock about halfway through the round trip.
  const localNow = (asked + Date.now()) / 2;
  const start = Math.max(Number(rows[0].next_free), dbNow);
  // A message takes one slot per segment: throughput is counted in segments.
  let nextFree = start;
  let granted = 0;
  while (granted < items.length && nextFree <= dbNow + PACE_HORIZON_MS) {
    ready.push({ ...items[granted], notBefore: localNow + (nextFree - dbNow), rendered: rendered[granted] });
    nextFree += units(items[granted], rendered[granted]) * interval;
    granted++;
  }
  const queuedBefore = Number(rows[0].queue_until);
  let queueUntil = Math.max(queuedBefore, nextFree);
  for (let i = granted; i < items.length; i++) {
    const at = new Date(now.getTime() + (queueUntil - dbNow));
    deferred.push({ delivery: items[i], outcome: { kind: "paced", at } });
    queueUntil += units(items[i], rendered[i]) * interval;
  }
  if (granted === items.length) queueUntil = queuedBefore;
  await MOVE_SENDER.run(client, { sender: key, nextFree, queueUntil });
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
