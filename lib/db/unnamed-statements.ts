import type pg from "pg";

/**
 * Makes `client` send every statement unnamed, ignoring the `name` of Drizzle's `.prepare(name)`
 * and of pg query configs. Behind a transaction pooler each transaction may run on another
 * server session, where a statement prepared on the last one does not exist (or exists under
 * another client's name): PgBouncer before 1.21 keeps no prepared statements across them
 * (https://www.pgbouncer.org/features.html). Unnamed statements are parsed on every call instead.
 */
export function sendUnnamed(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) => {
    if (isNamedConfig(config)) {
      const { name: _name, ...withoutName } = config;
      return query(withoutName, ...rest);
    }
    return query(config, ...rest);
  };
  Object.defineProperty(client, "query", { value: unnamed, configurable: true, writable: true });
}

/** A plain query config with a statement name (not a submittable such as a cursor). */
function isNamedConfig(config: unknown): config is { name: string; text: string } {
  if (!config || typeof config !== "object") return false;
  const candidate = config as { name?: unknown; text?: unknown; submit?: unknown };
  return (
    typeof candidate.name === "string" && typeof candidate.text === "string" && candidate.submit === undefined
  );
}
