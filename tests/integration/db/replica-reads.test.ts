import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { freePort } from "@/lib/db/embedded";
import { TEMPLATE_DATABASE } from "../../setup/template";

// DATABASE_REPLICA_URL names another database of the same server (the "replica", holding a row
// the primary lacks), reached through a gate this test opens and closes; lib/env reads it when
// the app's modules are first imported, below.
const primaryUrl = new URL(process.env.DATABASE_URL!);
const replicaDatabase = `${primaryUrl.pathname.slice(1)}_replica`;
const gatePort = await freePort();
const replicaUrl = new URL(primaryUrl);
replicaUrl.port = String(gatePort);
replicaUrl.pathname = `/${replicaDatabase}`;
process.env.DATABASE_REPLICA_URL = replicaUrl.toString();

const token = "r".repeat(43);
const sockets = new Set<net.Socket>();
const gate = net.createServer((socket) => {
  const upstream = net.connect(Number(primaryUrl.port), primaryUrl.hostname);
  for (const s of [socket, upstream]) {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => (socket.destroy(), upstream.destroy()));
  }
  socket.pipe(upstream).pipe(socket);
});

async function admin<T>(database: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(primaryUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin("postgres", (c) => c.query(`create database ${replicaDatabase} template ${TEMPLATE_DATABASE}`));
  await admin(replicaDatabase, (c) =>
    c.query(
      "insert into users (id, email, calendar_token) values ('on-replica', 'replica@example.com', $1)",
      [token],
    ),
  );
  await new Promise<void>((resolve) => gate.listen(gatePort, "127.0.0.1", resolve));
});

afterAll(async () => {
  const { pool } = await import("@/lib/db");
  await pool.end().catch(() => {});
  for (const s of sockets) s.destroy();
  gate.close();
  await admin("postgres", (c) => c.query(`drop database if exists ${replicaDatabase} with (force)`));
});

it("the calendar feed reads the replica when DATABASE_REPLICA_URL is set, and the primary when the replica cannot be reached", async () => {
  const { getCalendarFeed } = await import("@/lib/calendar/get-calendar-feed");
  // Only the replica knows this token: an answer proves the read went there.
  expect(await getCalendarFeed(token, "http://localhost:3000")).toContain("BEGIN:VCALENDAR");

  // The replica goes away (its open connections cut too): the read falls back to the primary,
  // which does not know the token, instead of failing.
  gate.close();
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await getCalendarFeed(token, "http://localhost:3000")).toBeNull();
});
