import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { migrationsFolder } from "@/lib/db/migrate";
import { channelReadiness } from "@/lib/channels/channel-readiness";
import { DELIVERY_METHODS, type DeliveryMethod } from "@/db/schema/enums";
import { paymentsState } from "@/lib/payments/payments-state";
import { readDeliveryLag } from "./delivery-lag";
import { FRESH_HEARTBEAT_SECONDS, readWorkerHeartbeats, type WorkerHeartbeat } from "./worker-heartbeats";

/** How each channel sends: its provider, the dev outbox (development only), or not at all. */
export type ChannelState = "configured" | "outbox" | "not_configured";

export interface Health {
  ok: boolean;
  database: "ok" | "unreachable";
  migrations: "current" | "pending" | "unknown";
  /** Seconds since the freshest delivery-worker heartbeat; null when no worker has reported. */
  workerHeartbeatAgeSeconds: number | null;
  /** 'fresh' when a worker reported within a lease (30 s), 'stale' when none did lately, 'none' never. */
  workers: "fresh" | "stale" | "none";
  /** Each worker seen within the last day, most recently seen first. */
  workerHeartbeats: WorkerHeartbeat[];
  /**
   * Seconds the oldest due reminder or delivery has waited unsent (0 when none; null when the
   * database cannot be reached). A delivery held for quiet hours counts only once its hold ends.
   */
  deliveryLagSeconds: number | null;
  /** Since when that oldest one has waited; null when nothing due waits. */
  oldestDueAt: string | null;
  channels: Record<DeliveryMethod, ChannelState>;
  /** Stripe set up, the demo checkout standing in (never in a real deployment), or no way to pay. */
  payments: "configured" | "demo" | "not_configured";
}

function paymentsHealth(): Health["payments"] {
  const state = paymentsState();
  return state === "stripe" ? "configured" : state === "demo" ? "demo" : "not_configured";
}

function channelStates(): Record<DeliveryMethod, ChannelState> {
  const entries = DELIVERY_METHODS.map((channel) => {
    const readiness = channelReadiness(channel);
    const state: ChannelState = !readiness.ready
      ? "not_configured"
      : readiness.via === "outbox"
        ? "outbox"
        : "configured";
    return [channel, state] as const;
  });
  return Object.fromEntries(entries) as Record<DeliveryMethod, ChannelState>;
}

function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function checkHealth(): Promise<Health> {
  try {
    const applied = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const migrations = Number(applied.rows[0]?.count) >= expectedMigrations() ? "current" : "pending";
    const heartbeats = await readWorkerHeartbeats();
    const lag = await readDeliveryLag();
    const age = heartbeats.freshestAgeSeconds;
    return {
      ok: migrations === "current",
      database: "ok",
      migrations,
      workerHeartbeatAgeSeconds: age,
      workers: age === null ? "none" : age <= FRESH_HEARTBEAT_SECONDS ? "fresh" : "stale",
      workerHeartbeats: heartbeats.workers,
      deliveryLagSeconds: lag.seconds,
      oldestDueAt: lag.oldestDueAt,
      channels: channelStates(),
      payments: paymentsHealth(),
    };
  } catch {
    return {
      ok: false,
      database: "unreachable",
      migrations: "unknown",
      workerHeartbeatAgeSeconds: null,
      workers: "none",
      workerHeartbeats: [],
      deliveryLagSeconds: null,
      oldestDueAt: null,
      channels: channelStates(),
      payments: paymentsHealth(),
    };
  }
}
