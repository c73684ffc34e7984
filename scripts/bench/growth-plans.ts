import type pg from "pg";
import { percentile } from "../bench-stats";
import type { MeasuredUser } from "./growth-pages";

interface Captured {
  text: string;
  values: unknown[];
}

export interface QueryPlan {
  /** The statement, first 160 characters. */
  statement: string;
  ms: number;
  /** Shared buffers the statement touched (hit + read): what grows when a plan reads more of a table. */
  buffers: number;
  indexes: string[];
  seqScans: number;
  lines: string[];
}

/**
 * The SQL each measured read sends, taken from the app's own pool while the domain functions the
 * pages call run in this process, then EXPLAIN (ANALYZE, BUFFERS) of each statement with its
 * values. Loads lib/ lazily: DATABASE_URL must be set first.
 */
export async function explainReads(client: pg.Client, user: MeasuredUser, rounds: number) {
  const { pool, db } = await import("@/lib/db");
  const { users, workspaces } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const { listActivity } = await import("@/lib/activity/list-activity");
  const { listDeliveries } = await import("@/lib/activity/list-deliveries");
  const { getAttentionSummary } = await import("@/lib/activity/get-attention-summary");
  const { listReminders } = await import("@/lib/reminders/list-reminders");
  const { getDashboardData } = await import("@/lib/dashboard/get-dashboard-data");
  // The measured person acting in their own workspace (its id is theirs).
  const [person] = await db.select().from(users).where(eq(users.id, user.id));
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, user.id));
  const owner = { user: person, workspace, role: "owner" as const };

  const reads: Record<string, () => Promise<unknown>> = {
    activity: () => listActivity(user.id, { limit: 50 }),
    activityLaterPage: () => listActivity(user.id, { limit: 50, cursor: user.activityCursor }),
    reminders: () => listReminders(user.id, { status: "all", view: "recent", limit: 50 }),
    history: () => listDeliveries({ workspaceId: user.id, reminderId: user.reminderId }),
    dashboard: () => Promise.all([getDashboardData(owner.workspace), getAttentionSummary(user.id)]),
  };

  let captured: Captured[] | null = null;
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (config, values) => {
    if (captured) {
      const c = typeof config === "string" ? { text: config, values } : (config as Partial<Captured>);
      captured.push({ text: c.text ?? "", values: (c.values ?? values ?? []) as unknown[] });
    }
    return query(config, values);
  };

  const plans: Record<string, QueryPlan[]> = {};
  // The same reads in this process, without the pages' rendering: what the database's part costs.
  const domain: Record<string, { p50: number; p95: number }> = {};
  for (const [name, read] of Object.entries(reads)) {
    await read();
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    domain[name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  try {
    for (const [name, read] of Object.entries(reads)) {
      captured = [];
      await read();
      const statements = captured;
      captured = null;
      plans[name] = [];
      for (const s of statements) plans[name].push(await explain(client, s));
    }
  } finally {
    (pool as unknown as { query: typeof query }).query = query;
  }
  return { plans, domain };
}

async function explain(client: pg.Client, s: Captured): Promise<QueryPlan> {
  // Run once first: the figure is the warm one the timed requests see.
  await client.query(s.text, s.values);
  const { rows } = await client.query<{ "QUERY PLAN": string }>(
    `explain (analyze, buffers, costs off) ${s.text}`,
    s.values,
  );
  const lines = rows.map((r) => r["QUERY PLAN"]);
  const text = lines.join("\n");
  let buffers = 0;
  // The top node's line carries the statement's total (children's are included in it).
  const top = lines.find((l) => l.trimStart().startsWith("Buffers:"));
  for (const m of top?.matchAll(/(?:hit|read)=(\d+)/g) ?? []) buffers += Number(m[1]);
  return {
    statement: s.text.replace(/\s+/g, " ").slice(0, 160),
    ms: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1]),
    buffers,
    indexes: [...new Set([...text.matchAll(/(?:using|Scan on) (\w+)/gi)].map((m) => m[1]))].filter(
      (name) => name.endsWith("_idx") || name.endsWith("_key") || name.endsWith("_pkey"),
    ),
    seqScans: lines.filter((l) => l.includes("Seq Scan")).length,
    lines,
  };
}
