/**
 * The retention catalogue: the partitioned logs, how each is cut into months, and how long each
 * is kept by default. Each default can be overridden by its environment variable (lib/env.ts,
 * .env.example); lib/maintenance/maintain-partitions.ts applies it daily, dropping whole months.
 */

import { getTableName, type Column } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  deliveries,
  deliveryCalls,
  deliveryReplies,
  outboxMessages,
  webhookAttempts,
  webhookMessages,
} from "@/db/schema";

/** A partitioned table of a family: its name and the column it is partitioned on (by month, UTC). */
export interface PartitionedTable {
  table: string;
  key: string;
}

/** Names as stored, read from the schema, so that a renamed table or column fails here first. */
function partitioned(table: PgTable, key: Column): PartitionedTable {
  return { table: getTableName(table), key: key.keyAsName ? toSnakeCase(key.name) : key.name };
}

/**
 * Tables partitioned together: the parent first, then the tables whose rows hang off its rows
 * (they carry the parent's partition key, so a month of them drops with that month of the parent;
 * they are dropped first).
 */
export interface RetentionFamily {
  name: "deliveries" | "webhooks" | "outbox";
  tables: readonly [PartitionedTable, ...PartitionedTable[]];
  /** How long rows are kept: a month partition is dropped once it ends before now minus this. */
  keep: { unit: "months" | "days"; env: string; fallback: number; min: number; max: number };
}

export const RETENTION_FAMILIES: readonly RetentionFamily[] = [
  {
    name: "deliveries",
    tables: [
      partitioned(deliveries, deliveries.occurrenceAt),
      partitioned(deliveryReplies, deliveryReplies.deliveryOccurrenceAt),
      partitioned(deliveryCalls, deliveryCalls.deliveryOccurrenceAt),
    ],
    // 13 months: a year back from any day of this month, and the month before it for a year-on-year look.
    keep: { unit: "months", env: "DELIVERY_RETENTION_MONTHS", fallback: 13, min: 1, max: 120 },
  },
  {
    name: "webhooks",
    tables: [
      partitioned(webhookMessages, webhookMessages.createdAt),
      partitioned(webhookAttempts, webhookAttempts.messageCreatedAt),
    ],
    // Past the retry window (about 33 hours) with room to look at a failed message and resend it.
    keep: { unit: "days", env: "WEBHOOK_RETENTION_DAYS", fallback: 90, min: 3, max: 3650 },
  },
  {
    name: "outbox",
    tables: [partitioned(outboxMessages, outboxMessages.createdAt)],
    keep: { unit: "days", env: "OUTBOX_RETENTION_DAYS", fallback: 30, min: 1, max: 3650 },
  },
];

/** Months made ahead of the current one (at least 2: a missed day or two never leaves a month unmade). */
export const PARTITION_MONTHS_AHEAD = { env: "PARTITION_MONTHS_AHEAD", fallback: 3, min: 2, max: 24 };
