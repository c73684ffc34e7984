/**
 * The retention catalogue: the partitioned logs, how each is cut into months, and how long each
 * is kept by default. Each default can be overridden by its environment variable (lib/env.ts,
 * .env.example); lib/maintenance/maintain-partitions.ts applies it daily, dropping whole months.
 */

/** A partitioned table of a family: its name and the column it is partitioned on (by month, UTC). */
export interface PartitionedTable {
  table: string;
  key: string;
}

/**
 * Tables partitioned together: the parent first, then the tables whose rows hang off its rows
 * (they carry the parent's partition key, so a month of them drops with that month of the parent;
 * they are dropped first).
 */
export interface RetentionFamily {
  name: "deliveries" | "trail" | "webhooks" | "outbox";
  tables: readonly [PartitionedTable, ...PartitionedTable[]];
  /** How long rows are kept: a month partition is dropped once it ends before now minus this. */
  keep: { unit: "months" | "days"; env: string; fallback: number; min: number; max: number };
}

/**
 * The delivery log's retention, shared by the workspaces' activity trail: who changed a reminder is
 * kept as long as what it sent. 13 months: a year back from any day of this month, and the month
 * before it for a year-on-year look.
 */
const DELIVERY_KEEP = {
  unit: "months",
  env: "DELIVERY_RETENTION_MONTHS",
  fallback: 13,
  min: 1,
  max: 120,
} as const satisfies RetentionFamily["keep"];

export const RETENTION_FAMILIES: readonly RetentionFamily[] = [
  {
    name: "deliveries",
    tables: [
      { table: "deliveries", key: "occurrence_at" },
      { table: "delivery_replies", key: "delivery_occurrence_at" },
      { table: "delivery_calls", key: "delivery_occurrence_at" },
    ],
    keep: DELIVERY_KEEP,
  },
  {
    name: "trail",
    tables: [{ table: "workspace_events", key: "created_at" }],
    keep: DELIVERY_KEEP,
  },
  {
    name: "webhooks",
    tables: [
      { table: "webhook_messages", key: "created_at" },
      { table: "webhook_attempts", key: "message_created_at" },
    ],
    // Past the retry window (about 33 hours) with room to look at a failed message and resend it.
    keep: { unit: "days", env: "WEBHOOK_RETENTION_DAYS", fallback: 90, min: 3, max: 3650 },
  },
  {
    name: "outbox",
    tables: [{ table: "outbox_messages", key: "created_at" }],
    keep: { unit: "days", env: "OUTBOX_RETENTION_DAYS", fallback: 30, min: 1, max: 3650 },
  },
];

/** Months made ahead of the current one (at least 2: a missed day or two never leaves a month unmade). */
export const PARTITION_MONTHS_AHEAD = { env: "PARTITION_MONTHS_AHEAD", fallback: 3, min: 2, max: 24 };
