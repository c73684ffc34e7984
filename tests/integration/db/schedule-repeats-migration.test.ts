import pg from "pg";
import { asc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { databaseBefore } from "@/tests/support/migrated-before";
import { nextOccurrences } from "@/lib/recurrence";
import { scheduleFromRow } from "@/lib/recurrence/schedule-from-row";
import { toReminderDto } from "@/lib/reminders/to-reminder-dto";

const TAG = "0029_schedule-repeats";

let client: pg.Client;
let scratch: Awaited<ReturnType<typeof databaseBefore>> | undefined;
let rowsBefore: string[];

/** Every reminder as text, the columns the migration adds left out. */
async function reminderRows(): Promise<string[]> {
  const { rows } = await client.query<{ row: string }>(
    `select (to_jsonb(r) - 'repeat_interval' - 'anchor_date' - 'nth_weekday')::text as row
       from reminders r order by id`,
  );
  return rows.map((r) => r.row);
}

/**
 * What each reminder's next occurrences were before the migration, written out by hand: across
 * the clock changes of New York, Madrid, London and Sydney, the 31st in short months, 29 February
 * in common years, a lead reminder whose day moves with leap years, and the end conditions.
 */
const EXPECTED: Record<string, string[]> = {
  // One time: its instant, nothing after.
  once: ["2027-01-15T08:00:00.000Z"],
  // Daily 08:30 in New York across 14 March 2027 (EST to EDT).
  daily: ["2027-03-13T13:30:00.000Z", "2027-03-14T12:30:00.000Z", "2027-03-15T12:30:00.000Z"],
  // Mondays and Thursdays 19:00 in Madrid across 28 March 2027, after 10 with 6 sent: 4 left.
  weekly: [
    "2027-03-25T18:00:00.000Z",
    "2027-03-29T17:00:00.000Z",
    "2027-04-01T17:00:00.000Z",
    "2027-04-05T17:00:00.000Z",
  ],
  // The 31st at 09:00 in London: the last day of shorter months, BST from 28 March.
  monthly: [
    "2027-01-31T09:00:00.000Z",
    "2027-02-28T09:00:00.000Z",
    "2027-03-31T08:00:00.000Z",
    "2027-04-30T08:00:00.000Z",
  ],
  // 29 February 10:00 in Sydney (AEDT), until the end of 2030: 28 February in common years.
  yearly: [
    "2027-02-27T23:00:00.000Z",
    "2028-02-28T23:00:00.000Z",
    "2029-02-27T23:00:00.000Z",
    "2030-02-27T23:00:00.000Z",
  ],
  // Seven days before 1 March at 09:00 UTC: 22 February, 23 in a leap year.
  lead: ["2027-02-22T09:00:00.000Z", "2028-02-23T09:00:00.000Z", "2029-02-22T09:00:00.000Z"],
  // A group's Sundays at 12:00 in Madrid, and its member's in Mexico City.
  group: ["2027-03-21T11:00:00.000Z", "2027-03-28T10:00:00.000Z", "2027-04-04T10:00:00.000Z"],
  member: ["2027-03-21T18:00:00.000Z", "2027-03-28T18:00:00.000Z", "2027-04-04T18:00:00.000Z"],
};

/** The reminders whose lists above are complete: nothing comes after their last. */
const ENDING = new Set(["once", "weekly", "yearly"]);

beforeAll(async () => {
  scratch = await databaseBefore(TAG);
  client = scratch.client;
  // Reminders of every kind, as the app wrote them before the migration.
  await client.query(`
    insert into users (id, email, name) values ('u1', 'ana@example.com', 'Ana');
    insert into workspaces (id, name) values ('u1', 'Ana');
    insert into workspace_members (workspace_id, user_id, role) values ('u1', 'u1', 'owner');
    insert into contacts (id, workspace_id, name, email, phone, timezone, unsubscribe_token)
      values ('c1', 'u1', 'María', 'maria@example.com', '+34600111222', 'America/Mexico_City', 't1');
    insert into contact_dates (id, workspace_id, contact_id, kind, month, day) values ('d1', 'u1', 'c1', 'birthday', 3, 1);
    insert into contact_groups (id, workspace_id, name) values ('g1', 'u1', 'Choir');
    insert into contact_group_members (group_id, contact_id, workspace_id) values ('g1', 'c1', 'u1');
    insert into reminders (id, workspace_id, contact_id, message, delivery_method, schedule_type, scheduled_for,
        next_run_at, timezone)
      values ('once', 'u1', 'c1', 'm', 'sms', 'once', '2027-01-15T08:00:00Z', '2027-01-15T08:00:00Z', 'Europe/Madrid');
    insert into reminders (id, workspace_id, contact_id, message, delivery_method, schedule_type, scheduled_for,
        next_run_at, frequency, time, end_condition, timezone)
      values ('daily', 'u1', 'c1', 'm', 'email', 'recurring', '2027-03-13T13:30:00Z', '2027-03-13T13:30:00Z',
        'daily', '08:30', 'never', 'America/New_York');
    insert into reminders (id, workspace_id, contact_id, message, delivery_method, schedule_type, scheduled_for,
        next_run_at, frequency, time, days, end_condition, end_after_count, occurrences_sent, timezone)
      values ('weekly', 'u1', 'c1', 'm', 'whatsapp', 'recurring', '2027-03-04T18:00:00Z', '2027-03-25T18:00:00Z',
        'weekly', '19:00', '{Mon,Thu}', 'after', 10, 6, 'Europe/Madrid');
    insert into reminders (id, workspace_id, contact_id, message, delivery_method, schedule_type, scheduled_for,
        next_run_at, frequency, time, day_of_month, end_condition, timezone)
      values ('monthly', 'u1', 'c1', 'm', 'call', 'recurring', '2027-01-31T09:00:00Z', '2027-01-31T09:00:00Z',
        'monthly', '09:00', 31, 'never', 'Europe/London');
    insert into reminders (id, workspace_id, contact_id, message, delivery_method, schedule_type, scheduled_for,
        next_run_at, frequency, time, day_of_month, month, end_condition, end_by_date, timezone)
      values ('yearly', 'u1', 'c1', 'm', 'email', 'recurring', '2027-02-27T23:00:00Z', '2027-02-27T23:00:00Z',
        'yearly', '10:00', 29, 2, 'by', '2030-12-31', 'Australia/Sydney');
    insert into reminders (id, workspace_id, contact_id, message, delivery_method, schedule_type, scheduled_for,
        next_run_at, frequency, time, day_of_month, month, end_condition, timezone, recipient, lead_days, contact_date_id)
      values ('lead', 'u1', 'c1', null, 'email', 'recurring', '2027-02-22T09:00:00Z', '2027-02-22T09:00:00Z',
        'yearly', '09:00', 1, 3, 'never', 'UTC', 'owner', 7, 'd1');
    insert into reminders (id, workspace_id, group_id, message, delivery_method, schedule_type, scheduled_for,
        next_run_at, frequency, time, days, end_condition, timezone, recipient, group_timing)
      values ('group', 'u1', 'g1', 'choir', 'email', 'recurring', '2027-03-21T11:00:00Z', '2027-03-21T11:00:00Z',
        'weekly', '12:00', '{Sun}', 'never', 'Europe/Madrid', 'group', 'local_time');
    insert into reminders (id, workspace_id, contact_id, parent_reminder_id, message, delivery_method, schedule_type,
        scheduled_for, next_run_at, frequency, time, days, end_condition, timezone)
      values ('member', 'u1', 'c1', 'group', 'choir', 'email', 'recurring', '2027-03-21T18:00:00Z',
        '2027-03-21T18:00:00Z', 'weekly', '12:00', '{Sun}', 'never', 'America/Mexico_City');
  `);
  rowsBefore = await reminderRows();
  await scratch.migrateRest();
});

afterAll(async () => {
  await scratch?.drop();
});

describe("the schedule columns' migration on reminders of every kind", () => {
  it("keeps every reminder as it was, the new columns empty", async () => {
    expect(await reminderRows()).toEqual(rowsBefore);
    const { rows } = await client.query(
      "select count(*)::int as n from reminders where repeat_interval is not null or anchor_date is not null or nth_weekday is not null",
    );
    expect(rows[0].n).toBe(0);
  });

  it("gives each reminder the next occurrences it had", async () => {
    const db = drizzle({ client, schema, casing: "snake_case" });
    const rows = await db.select().from(schema.reminders).orderBy(asc(schema.reminders.id));
    expect(rows.map((row) => row.id).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const row of rows) {
      const expected = EXPECTED[row.id];
      const first = row.nextRunAt!;
      // One more than listed: a schedule that ends must have nothing after its last.
      const upcoming = [
        first,
        ...(row.scheduleType === "recurring"
          ? nextOccurrences(scheduleFromRow(row), first, expected.length, row.occurrencesSent + 1)
          : []),
      ].map((at) => at.toISOString());
      expect(ENDING.has(row.id) ? upcoming : upcoming.slice(0, expected.length), row.id).toEqual(expected);
    }
  });

  it("answers each reminder's frequencyConfig as the API did", async () => {
    const db = drizzle({ client, schema, casing: "snake_case" });
    const rows = await db.select().from(schema.reminders);
    for (const row of rows) {
      const config = toReminderDto(row, null).frequencyConfig;
      for (const key of ["interval", "nthWeekday", "anchorDate"])
        expect(config ?? {}, row.id).not.toHaveProperty(key);
    }
  });

  it("refuses a stored interval without a first day, an nth weekday without its one weekday, and either on a lead reminder", async () => {
    const attempts = [
      "update reminders set repeat_interval = 2 where id = 'weekly'",
      "update reminders set repeat_interval = 366, anchor_date = '2027-03-01' where id = 'weekly'",
      "update reminders set repeat_interval = 1, anchor_date = '2027-03-01' where id = 'weekly'",
      "update reminders set nth_weekday = 1 where id = 'weekly'",
      "update reminders set nth_weekday = 5, days = '{Fri}' where id = 'monthly'",
      "update reminders set nth_weekday = 1 where id = 'monthly'",
      "update reminders set nth_weekday = -1, days = '{Fri,Sat}' where id = 'monthly'",
      "update reminders set anchor_date = '2027-03-01' where id = 'once'",
      "update reminders set repeat_interval = 2, anchor_date = '2027-02-22' where id = 'lead'",
      "update reminders set nth_weekday = 1, days = '{Mon}' where id = 'lead'",
    ];
    for (const statement of attempts) {
      await expect(client.query(statement), statement).rejects.toThrow(/violates check constraint/);
    }
    await client.query(
      "update reminders set repeat_interval = 365, anchor_date = '2027-03-01', nth_weekday = -1, days = '{Fri}' where id = 'monthly'",
    );
  });
});
