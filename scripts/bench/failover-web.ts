import { randomBytes } from "node:crypto";
import path from "node:path";
import type { HaCluster } from "@/scripts/ha/cluster";
import { seedOwnWorkspaces, type SqlClient } from "@/tests/support/bench-kit";
import type { WebTarget } from "./failover-web-load";
import { startNextServer, type NextServer } from "./next-server";

/**
 * The app's database settings on the cluster: queries through PgBouncer's transaction pool, LISTEN
 * and the job runner through its session pool, lag-tolerant reads through its replica database
 * when `replica`.
 */
export function clusterDatabaseEnv(
  cluster: HaCluster,
  options: { replica: boolean },
): Record<string, string> {
  return {
    DATABASE_URL: cluster.url,
    DATABASE_SESSION_URL: cluster.sessionUrl,
    DATABASE_POOLING: "transaction",
    ...(options.replica ? { DATABASE_REPLICA_URL: cluster.replicaUrl } : {}),
  };
}

/** `next start` of this checkout's build on the cluster, the engine left to workers (WORKER_MODE=external). */
export function startClusterWeb(
  cluster: HaCluster,
  dir: string,
  options: { replica: boolean },
): Promise<NextServer> {
  return startNextServer({
    projectDir: process.cwd(),
    env: (base) => ({
      ...clusterDatabaseEnv(cluster, options),
      APP_URL: base,
      DATA_DIR: path.join(dir, options.replica ? "web-replica" : "web-primary"),
      AUTH_SECRET: "bench-secret-not-for-production",
      WORKER_MODE: "external",
      // The read benchmark spreads its requests over client addresses (X-Forwarded-For).
      TRUSTED_PROXY_HOPS: "1",
      LOG_LEVEL: "error",
    }),
    readyPath: "/api/health",
  });
}

/**
 * A signed-in user with a saved template, and what is asked of the web process while the
 * database fails over: health (primary), the reminders list (named statements, sent unnamed
 * through PgBouncer), the activity log (the replica when set) and a write (the template's text).
 */
export async function failoverWebUser(h: SqlClient) {
  const id = `web-${randomBytes(4).toString("hex")}`;
  const token = randomBytes(24).toString("hex");
  await h.query(
    `insert into users (id, email, name, timezone, current_workspace_id)
     values ($1, $1 || '@bench.example', 'Web User', 'UTC', $1)`,
    [id],
  );
  await seedOwnWorkspaces(h, { userIds: [id] }, { planType: "business", remindersQuota: 1000 });
  await h.query(`update workspaces set subscription_status = 'active' where id = $1`, [id]);
  await h.query(
    `insert into sessions (session_token, user_id, expires) values ($1, $2, now() + interval '1 day')`,
    [token, id],
  );
  const { rows } = await h.query<{ id: string }>(
    `insert into message_templates (id, workspace_id, name, body, locale)
     values (gen_random_uuid(), $1, 'Failover', 'Hello', 'en') returning id`,
    [id],
  );
  const targets: WebTarget[] = [
    { name: "health", path: "/api/health" },
    { name: "reminders", path: "/api/reminders" },
    { name: "activity", path: "/api/deliveries?limit=50" },
    {
      name: "template write",
      method: "PUT",
      path: `/api/templates/${rows[0].id}`,
      body: JSON.stringify({ body: "Hello again" }),
    },
  ];
  return { cookie: `authjs.session-token=${token}`, targets };
}
