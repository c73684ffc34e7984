import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant } from "./columns";
import { OUTBOX_CHANNELS } from "./enums";

/**
 * Messages kept instead of sent when a channel has no credentials (listed at /dev/outbox).
 * Partitioned by month of `created_at`; kept OUTBOX_RETENTION_DAYS.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    to: text().notNull(),
    from: text(),
    subject: text(),
    text: text().notNull(),
    html: text(),
    headers: text(),
    /**
     * The workspace whose reminder or notice this is; null for what belongs to no workspace
     * (a sign-in link). Signed-in viewers of the outbox see their workspace's and those.
     */
    workspaceId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "outbox_messages_pkey", columns: [t.id, t.createdAt] }),
    index("outbox_messages_created_idx").on(t.createdAt.desc()),
    check("outbox_messages_channel_check", oneOf(t.channel, OUTBOX_CHANNELS)),
  ],
);

/** Liveness of delivery workers: a worker whose heartbeat is stale has its work taken over. */
export const workerHeartbeats = pgTable("worker_heartbeats", {
  workerId: text().primaryKey(),
  startedAt: createdAt(),
  lastSeenAt: instant().notNull().defaultNow(),
});

/** Fixed-window counters shared by every app instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().notNull(),
    windowStart: instant().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    check("rate_limits_count_check", sql`${t.count} >= 0`),
  ],
);

/**
 * Send budget of one provider sender (a phone number or a Messaging Service), shared by every
 * worker: sends are given slots `1 / rate` apart from `next_free_at`; work beyond the engine's
 * horizon is queued at estimates spaced the same way from `queue_until`.
 */
export const senderPacing = pgTable("sender_pacing", {
  sender: text().primaryKey(),
  nextFreeAt: instant().notNull(),
  queueUntil: instant().notNull(),
});
