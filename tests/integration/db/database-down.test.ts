import { expect, it } from "vitest";
import pg from "pg";
import { GET as calendarFeed } from "@/app/api/calendar/[file]/route";
import { GET as health } from "@/app/api/health/route";
import { freePort } from "@/lib/db/embedded";
import { isDatabaseUnreachable } from "@/lib/db/database-unreachable";
import { callRoute } from "../../support/call-route";

// A well-formed token nobody has: the route reaches the database (its rate limit) and answers 404.
const file = `${"a".repeat(43)}.ics`;
const fetchFeed = () => callRoute(calendarFeed, `/api/calendar/${file}`, { params: { file } });

// This file's first database use happens with the database unreachable, as in a process that
// started while PostgreSQL was down.
it("a database down at start: API routes answer 503 with a code and health JSON 503, until it is back", async () => {
  const live = process.env.DATABASE_URL!;
  process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${await freePort()}/remindful`;
  try {
    for (let i = 0; i < 2; i++) {
      const feed = await fetchFeed();
      expect(feed.status).toBe(503);
      expect(feed.json).toMatchObject({ code: "database_unavailable" });
      expect(feed.headers.get("retry-after")).toBe("5");
      const down = await health();
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ ok: false, database: "unreachable" });
    }
  } finally {
    process.env.DATABASE_URL = live;
  }
  // Back: the failed start is not kept, the next request connects.
  const up = await health();
  expect(up.status).toBe(200);
  expect(await up.json()).toMatchObject({ ok: true, database: "ok" });
  expect((await fetchFeed()).status).toBe(404);
});

it("tells an unreachable or restarting server from a statement the database refused", async () => {
  const errorOf = (run: () => Promise<unknown>) => run().then(() => null, (error: unknown) => error);
  const refused = new pg.Client({ connectionString: `postgres://x:y@127.0.0.1:${await freePort()}/x` });
  expect(isDatabaseUnreachable(await errorOf(() => refused.connect()))).toBe(true);

  // A backend ended under a client (a restart, a failover): 57P01, then "not queryable".
  const victim = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await victim.connect();
  victim.on("error", () => {});
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const pid = (await victim.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid;
    const ended = errorOf(() => victim.query("select pg_sleep(5)"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await admin.query("select pg_terminate_backend($1)", [pid]);
    expect(isDatabaseUnreachable(await ended)).toBe(true);
    expect(isDatabaseUnreachable(await errorOf(() => victim.query("select 1")))).toBe(true);
    // Refusals of the statement itself are not outages.
    expect(isDatabaseUnreachable(await errorOf(() => admin.query("select nope")))).toBe(false);
    expect(isDatabaseUnreachable(await errorOf(() => admin.query("select 1/0")))).toBe(false);
    expect(isDatabaseUnreachable(new Error("Already exists"))).toBe(false);
  } finally {
    await admin.end();
    await victim.end().catch(() => {});
  }
});
