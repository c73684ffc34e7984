import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { sessions, verificationTokens, workspaces } from "@/db/schema";
import { db, pool } from "@/lib/db";
import type { DeliveryEngine } from "@/lib/delivery/engine";
import { startEngineFromEnv } from "@/jobs/start-engine-from-env";
import { createSignedInUser } from "../../support/users";

let engine: DeliveryEngine | undefined;
afterAll(async () => {
  await engine?.stop();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("the engine the app starts runs the billing and clean-up crontab: a trial ends, expired rows go", async () => {
  // A first start registers the crontab; a process that was down for two hours then catches up
  // the ticks it missed (graphile-worker's backfill), so no test waits for a real cron minute.
  engine = await startEngineFromEnv();
  await engine.stop();
  const { rows: known } = await pool.query<{ identifier: string }>(
    `select identifier from graphile_worker._private_known_crontabs order by identifier`,
  );
  expect(known.map((k) => k.identifier)).toEqual([
    "clean_up_media",
    "maintain_partitions",
    "purge_expired_rows",
    "roll_billing_periods",
    "webhook_dispatch",
  ]);

  const { workspace: trial } = await createSignedInUser({ trialEndDate: new Date(Date.now() - 60_000) });
  const { user: trialOn, workspace: trialOnWorkspace } = await createSignedInUser({
    trialEndDate: new Date(Date.now() + 86_400_000),
  });
  const expiredSession = randomBytes(12).toString("hex");
  await db
    .insert(sessions)
    .values({ sessionToken: expiredSession, userId: trialOn.id, expires: new Date(0) });
  await db
    .insert(verificationTokens)
    .values({ identifier: "old@example.com", token: "old-token", expires: new Date(Date.now() - 1_000) });
  await pool.query(
    `update graphile_worker._private_known_crontabs
        set known_since = now() - interval '2 hours', last_execution = null`,
  );

  engine = await startEngineFromEnv();
  await waitFor(async () => {
    const [row] = await db.select().from(workspaces).where(eq(workspaces.id, trial.id));
    return row.planType === "free";
  });
  const [ended] = await db.select().from(workspaces).where(eq(workspaces.id, trial.id));
  expect(ended).toMatchObject({ planType: "free", subscriptionStatus: "expired", remindersQuota: 10 });
  const [untouched] = await db.select().from(workspaces).where(eq(workspaces.id, trialOnWorkspace.id));
  expect(untouched.planType).toBe("trial");

  await waitFor(async () => {
    const left = await db.select().from(sessions).where(eq(sessions.sessionToken, expiredSession));
    return left.length === 0;
  });
  expect(await db.select().from(verificationTokens)).toEqual([]);
  // The signed-in session of the other user is still valid and stays.
  expect(await db.select().from(sessions).where(eq(sessions.userId, trialOn.id))).toHaveLength(1);
});
