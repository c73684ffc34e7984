import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { freePort } from "@/lib/db/embedded";
import { TEMPLATE_DATABASE } from "../../setup/template";

// DATABASE_REPLICA_URL names another database of the same server (the "replica", empty: the
// primary holds a reminder it lacks), reached through a gate this test opens and closes; lib/env
// reads it when the app's modules are first imported, below.
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
  const { eq } = await import("drizzle-orm");
  const { workspaceMembers } = await import("@/db/schema");
  const { db } = await import("@/lib/db");
  const { createContact, createReminder, createSender } = await import("../../support/delivery-fixtures");
  const { getCalendarFeed } = await import("@/lib/calendar/get-calendar-feed");
  // On the primary only: the member with the feed's token (looked up on the primary, so a revoked
  // token stops at once) and one reminder a day away.
  const sender = await createSender();
  await db
    .update(workspaceMembers)
    .set({ calendarToken: token })
    .where(eq(workspaceMembers.userId, sender.id));
  const contact = await createContact(sender.workspace.id);
  await createReminder(sender.workspace.id, contact.id, new Date(Date.now() + 86_400_000));

  // The reminders are read on the replica, which lacks it: a feed without events.
  const fromReplica = await getCalendarFeed(token, "http://localhost:3000");
  expect(fromReplica).toContain("BEGIN:VCALENDAR");
  expect(fromReplica).not.toContain("BEGIN:VEVENT");

  // The replica goes away (its open connections cut too): the read falls back to the primary
  // instead of failing, and the reminder is there.
  gate.close();
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await getCalendarFeed(token, "http://localhost:3000")).toContain("BEGIN:VEVENT");
});
