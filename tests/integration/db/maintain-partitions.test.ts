import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliveries, deliveryCalls, deliveryReplies, outboxMessages, workspaceEvents } from "@/db/schema";
import { exportAccountData } from "@/lib/account/export-account-data";
import { getDashboardData } from "@/lib/dashboard/get-dashboard-data";
import { db, pool } from "@/lib/db";
import { maintainPartitions } from "@/lib/maintenance/maintain-partitions";
import { addMonths, monthOf, monthSuffix } from "@/lib/maintenance/partition-months";
import { retentionPolicy } from "@/lib/maintenance/retention-policy";

import type { Actor } from "@/lib/workspaces/actor";
import { reloadWorkspace } from "../../support/delivery-fixtures";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const now = new Date();
const current = monthOf(now);
const policy = retentionPolicy();

/** The partition a row of `table` with this id is stored in. */
async function partitionOf(table: string, id: number): Promise<string> {
  const { rows } = await pool.query<{ part: string }>(
    `select tableoid::regclass::text as part from ${table} where id = $1`,
    [id],
  );
  return rows[0]?.part;
}

async function partitions(table: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = $1::regclass order by 1`,
    [table],
  );
  return rows.map((r) => r.name);
}

let userId: string;
let contactId: string;
let actor: Actor;

/** The owner acting in the workspace, with its row as it is now. */
const actorNow = async (): Promise<Actor> => ({
  ...actor,
  workspace: await reloadWorkspace(actor.workspace.id),
});

/** A line of the workspace's activity trail written at `at`. */
async function trailLine(at: Date) {
  const [row] = await db
    .insert(workspaceEvents)
    .values({ workspaceId: userId, kind: "contact.created", createdAt: at })
    .returning();
  return row;
}

async function delivery(occurrenceAt: Date, values: Partial<typeof deliveries.$inferInsert> = {}) {
  const reminder = await insertReminder(userId, contactId);
  const [row] = await db
    .insert(deliveries)
    .values({
      reminderId: reminder.id,
      workspaceId: userId,
      contactId,
      occurrenceAt,
      channel: "sms",
      status: "sent",
      ...values,
    })
    .returning();
  return row;
}

async function replyTo(row: typeof deliveries.$inferSelect, sid: string) {
  await db.insert(deliveryReplies).values({
    deliveryId: row.id,
    deliveryOccurrenceAt: row.occurrenceAt,
    reminderId: row.reminderId,
    workspaceId: userId,
    channel: "sms",
    body: "YES",
    action: "confirm",
    providerMessageId: sid,
  });
}

async function callOf(row: typeof deliveries.$inferSelect, sid: string) {
  await db.insert(deliveryCalls).values({
    callSid: sid,
    deliveryId: row.id,
    deliveryOccurrenceAt: row.occurrenceAt,
    workspaceId: userId,
    status: "completed",
  });
}

beforeAll(async () => {
  const signedIn = await createSignedInUser({ remindersUsedCurrentPeriod: 7 });
  const { user } = signedIn;
  actor = signedIn.actor;
  userId = user.id;
  contactId = (await createContact(user.id)).id;
});

describe("partitioned logs", () => {
  it("stores a row in its month's partition, and one outside the months made in the default", async () => {
    const inMonth = await delivery(now);
    const far = await delivery(new Date("2099-06-15T12:00:00Z"));
    expect(await partitionOf("deliveries", inMonth.id)).toBe(`deliveries_${monthSuffix(current)}`);
    expect(await partitionOf("deliveries", far.id)).toBe("deliveries_default");
    await db.delete(deliveries).where(eq(deliveries.id, far.id));
  });

  it("cascades a delivery's replies and calls with it", async () => {
    const row = await delivery(now);
    await replyTo(row, "SMcascade");
    await callOf(row, "CAcascade");
    await db.delete(deliveries).where(eq(deliveries.id, row.id));
    expect(await db.$count(deliveryReplies, eq(deliveryReplies.providerMessageId, "SMcascade"))).toBe(0);
    expect(await db.$count(deliveryCalls, eq(deliveryCalls.callSid, "CAcascade"))).toBe(0);
  });
});

describe("the daily partition job", () => {
  it("makes months ahead, files default rows into their month and drops only expired months", async () => {
    const kept = await delivery(new Date(Date.UTC(current.year, current.month - 1 - 12, 10)));
    await replyTo(kept, "SMkept");
    const future = await delivery(new Date("2099-06-15T12:00:00Z"));
    await replyTo(future, "SMfuture");
    await callOf(future, "CAfuture");
    // Two months before the oldest kept: in the default (the migration made no partition for it).
    const old = await delivery(new Date(Date.UTC(current.year, current.month - 1 - 15, 3)), {
      channel: "email",
    });
    const oldFailed = await delivery(new Date(Date.UTC(current.year, current.month - 1 - 15, 4)), {
      status: "failed",
    });
    await replyTo(old, "SMold");
    await callOf(oldFailed, "CAold");
    await db.insert(outboxMessages).values({
      channel: "email",
      to: "a@example.com",
      text: "old",
      createdAt: new Date("2001-01-01T00:00:00Z"),
    });
    // The activity trail: a line a year old is kept, one from an expired month is not.
    const keptLine = await trailLine(new Date(Date.UTC(current.year, current.month - 1 - 12, 10)));
    const oldLine = await trailLine(new Date(Date.UTC(current.year, current.month - 1 - 15, 3)));
    const dashboardBefore = await getDashboardData((await actorNow()).workspace, now);

    const report = await maintainPartitions(now, policy);

    const ahead = `deliveries_${monthSuffix(addMonths(current, policy.monthsAhead))}`;
    const oldMonth = monthSuffix(monthOf(old.occurrenceAt));
    expect(report.created).toEqual(
      expect.arrayContaining([
        ahead,
        "deliveries_2099_06",
        "delivery_replies_2099_06",
        "delivery_calls_2099_06",
        `deliveries_${oldMonth}`,
        `workspace_events_${monthSuffix(addMonths(current, policy.monthsAhead))}`,
      ]),
    );
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        `delivery_replies_${oldMonth}`,
        `delivery_calls_${oldMonth}`,
        `deliveries_${oldMonth}`,
        "outbox_messages_2001_01",
        `workspace_events_${oldMonth}`,
      ]),
    );
    // The trail is kept as long as the deliveries: the old month's line went with its partition.
    expect(await db.$count(workspaceEvents, eq(workspaceEvents.id, oldLine.id))).toBe(0);
    expect(await partitionOf("workspace_events", keptLine.id)).toBe(
      `workspace_events_${monthSuffix(monthOf(keptLine.createdAt))}`,
    );
    // Rows filed: the future delivery with its reply and call now live in their month.
    expect(await partitionOf("deliveries", future.id)).toBe("deliveries_2099_06");
    expect(
      await partitionOf(
        "delivery_replies",
        (await db.select().from(deliveryReplies).where(eq(deliveryReplies.providerMessageId, "SMfuture")))[0]
          .id,
      ),
    ).toBe("delivery_replies_2099_06");
    const { rows: waiting } = await pool.query<{ n: number }>(
      "select (select count(*) from deliveries_default) + (select count(*) from delivery_replies_default) + (select count(*) from delivery_calls_default) + (select count(*) from outbox_messages_default) + (select count(*) from workspace_events_default) as n",
    );
    expect(Number(waiting[0].n)).toBe(0);
    // Expired months left as whole partitions; the kept month is untouched.
    expect(await partitions("deliveries")).not.toContain(`deliveries_${oldMonth}`);
    expect(await db.$count(deliveries, eq(deliveries.id, old.id))).toBe(0);
    expect(await db.$count(deliveryReplies, eq(deliveryReplies.providerMessageId, "SMold"))).toBe(0);
    expect(await db.$count(deliveryCalls, eq(deliveryCalls.callSid, "CAold"))).toBe(0);
    expect(await partitionOf("deliveries", kept.id)).toBe(
      `deliveries_${monthSuffix(monthOf(kept.occurrenceAt))}`,
    );
    expect(await db.$count(deliveryReplies, eq(deliveryReplies.providerMessageId, "SMkept"))).toBe(1);
    // What is left of the dropped month: its totals; the dashboard reads the same figures.
    const totals = await pool.query(
      "select channel, status, count, month from delivery_monthly_totals where workspace_id = $1 order by channel",
      [userId],
    );
    expect(totals.rows).toEqual([
      {
        channel: "email",
        status: "sent",
        count: 1,
        month: new Date(Date.UTC(current.year, current.month - 1 - 15, 1)),
      },
      {
        channel: "sms",
        status: "failed",
        count: 1,
        month: new Date(Date.UTC(current.year, current.month - 1 - 15, 1)),
      },
    ]);
    const after = await actorNow();
    expect(await getDashboardData(after.workspace, now)).toEqual(dashboardBefore);
    // The export keeps what is kept, and the totals of what is not.
    const exported = await exportAccountData(db, after, now);
    expect(exported.deliveries.map((d) => d.id)).toEqual(expect.arrayContaining([kept.id, future.id]));
    expect(exported.deliveries.map((d) => d.id)).not.toContain(old.id);
    expect(exported.deliveryMonthlyTotals).toHaveLength(2);

    // A second run finds nothing to do.
    expect(await maintainPartitions(now, policy)).toEqual({ created: [], moved: 0, dropped: [], totals: 0 });
  });

  it("never drops a month younger than its retention", async () => {
    const names = await partitions("deliveries");
    const report = await maintainPartitions(now, {
      ...policy,
      families: policy.families.map((f) => ({ ...f, keep: { unit: "months" as const, value: 120 } })),
    });
    expect(report.dropped).toEqual([]);
    expect(await partitions("deliveries")).toEqual(names);
  });
});
