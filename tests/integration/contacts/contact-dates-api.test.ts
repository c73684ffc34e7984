import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/contacts/route";
import { PUT } from "@/app/api/contacts/[id]/route";
import { POST as IMPORT } from "@/app/api/contacts/import/route";
import { contactDates, contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { parseContactsCsv } from "@/lib/contacts/parse-contacts-csv";
import { parseVcard } from "@/lib/contacts/parse-vcard";
import type { ImportResult } from "@/lib/contacts/import-contacts";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

type Dated = {
  id: string;
  name: string;
  dates: {
    id: string;
    kind: string;
    label: string | null;
    month: number;
    day: number;
    year: number | null;
  }[];
};

const datesOf = (contactId: string) =>
  db.select().from(contactDates).where(eq(contactDates.contactId, contactId)).orderBy(contactDates.month);

const post = (cookie: string, body: unknown) =>
  callRoute<Dated>(POST, "/api/contacts", { method: "POST", cookie, body });
const put = (cookie: string, id: string, body: unknown) =>
  callRoute<Dated>(PUT, `/api/contacts/${id}`, { method: "PUT", cookie, body, params: { id } });

describe("contact dates through /api/contacts", () => {
  it("creates, lists, edits in place, adds and removes dates as one set", async () => {
    const { cookie } = await createSignedInUser();
    const created = await post(cookie, {
      name: "Ana López",
      email: "ana@example.com",
      dates: [
        { kind: "birthday", month: 3, day: 3, year: 1986 },
        { kind: "custom", label: " Name day ", month: 7, day: 26 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.json.dates).toEqual([
      {
        id: expect.any(String),
        kind: "birthday",
        label: null,
        month: 3,
        day: 3,
        year: 1986,
        hasYearlyReminder: false,
      },
      {
        id: expect.any(String),
        kind: "custom",
        label: "Name day",
        month: 7,
        day: 26,
        year: null,
        hasYearlyReminder: false,
      },
    ]);
    const listed = await callRoute<Dated[]>(GET, "/api/contacts", { cookie });
    expect(listed.json.find((c) => c.id === created.json.id)?.dates).toEqual(created.json.dates);

    const [birthday, nameDay] = created.json.dates;
    const edited = await put(cookie, created.json.id, {
      dates: [
        { id: birthday.id, kind: "birthday", month: 2, day: 29 },
        { kind: "anniversary", month: 6, day: 9, year: 2012 },
      ],
    });
    expect(edited.status).toBe(200);
    const stored = await datesOf(created.json.id);
    // The birthday kept its id (and so the reminders made from it); the name day is gone.
    expect(stored.map((d) => [d.id === birthday.id, d.kind, d.month, d.day, d.year])).toEqual([
      [true, "birthday", 2, 29, null],
      [false, "anniversary", 6, 9, 2012],
    ]);
    expect(stored.some((d) => d.id === nameDay.id)).toBe(false);

    // A PUT without `dates` leaves them as they are.
    await put(cookie, created.json.id, { relationship: "Friend" });
    expect(await datesOf(created.json.id)).toHaveLength(2);
  });

  it.each([
    [
      "29 February in a common year",
      [{ kind: "birthday", month: 2, day: 29, year: 1987 }],
      /^dates\.0\.day: /,
    ],
    ["31 April", [{ kind: "birthday", month: 4, day: 31 }], /^dates\.0\.day: /],
    ["a custom date without a label", [{ kind: "custom", month: 1, day: 1 }], /^dates\.0\.label: /],
    ["an unknown kind", [{ kind: "wedding", month: 1, day: 1 }], /^dates\.0\.kind: /],
    ["a year out of range", [{ kind: "birthday", month: 1, day: 1, year: 1800 }], /^dates\.0\.year: /],
    [
      "two birthdays",
      [
        { kind: "birthday", month: 1, day: 1 },
        { kind: "birthday", month: 2, day: 1 },
      ],
      /^dates: /,
    ],
  ])("refuses %s and changes nothing", async (_, dates, message) => {
    const { user, cookie } = await createSignedInUser();
    const refused = await post(cookie, { name: "A", email: "a@example.com", dates });
    expect(refused.status).toBe(400);
    expect(String((refused.json as unknown as { message: string }).message)).toMatch(message);
    expect(await db.select().from(contacts).where(eq(contacts.workspaceId, user.id))).toHaveLength(0);

    const ok = await post(cookie, {
      name: "B",
      email: "b@example.com",
      dates: [{ kind: "birthday", month: 5, day: 5, year: 1990 }],
    });
    const before = await datesOf(ok.json.id);
    const edit = await put(cookie, ok.json.id, { name: "Renamed", dates });
    expect(edit.status).toBe(400);
    expect(await datesOf(ok.json.id)).toEqual(before);
    const [row] = await db.select().from(contacts).where(eq(contacts.id, ok.json.id));
    expect(row.name).toBe("B");
  });

  it("another user's date id is refused and nothing of the edit is kept; another user's contact is a 404", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const theirs = await post(other.cookie, {
      name: "Theirs",
      email: "t@example.com",
      dates: [{ kind: "birthday", month: 1, day: 2 }],
    });
    const mine = await post(owner.cookie, {
      name: "Mine",
      email: "m@example.com",
      dates: [{ kind: "birthday", month: 3, day: 4 }],
    });
    const stolen = await put(owner.cookie, mine.json.id, {
      name: "Changed",
      dates: [{ id: theirs.json.dates[0].id, kind: "birthday", month: 9, day: 9 }],
    });
    expect(stolen.status).toBe(400);
    expect((await datesOf(theirs.json.id)).map((d) => [d.month, d.day])).toEqual([[1, 2]]);
    expect((await datesOf(mine.json.id)).map((d) => [d.month, d.day])).toEqual([[3, 4]]);
    const [row] = await db.select().from(contacts).where(eq(contacts.id, mine.json.id));
    expect(row.name).toBe("Mine");

    const foreign = await put(owner.cookie, theirs.json.id, { dates: [] });
    expect(foreign.status).toBe(404);
    expect(await datesOf(theirs.json.id)).toHaveLength(1);
  });

  it("imports birthdays and anniversaries from CSV and vCard; an unreadable date is left out, not its contact", async () => {
    const { user, cookie } = await createSignedInUser();
    const csv = parseContactsCsv(
      [
        "name,email,birthday,anniversary",
        "Ana,ana@example.com,1986-03-03,--06-09",
        "Bea,bea@example.com,31/31/1986,",
        "Cid,cid@example.com,--02-29,",
      ].join("\n"),
    );
    const vcard = parseVcard(
      "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Dan\r\nEMAIL:dan@example.com\r\nBDAY:--1224\r\nANNIVERSARY:20100501\r\nEND:VCARD\r\n",
    );
    // The browser leaves out what it cannot read; what an API caller sends is judged the same way.
    expect(csv.leftOut).toEqual([
      expect.objectContaining({ line: 3, field: "birthday", value: "31/31/1986", code: "unreadable_date" }),
    ]);
    const res = await callRoute<ImportResult>(IMPORT, "/api/contacts/import", {
      method: "POST",
      cookie,
      body: {
        rows: [
          ...csv.rows,
          { ...vcard.rows[0], line: 5 },
          { line: 6, name: "Eve", email: "eve@example.com", birthday: "31/31/1986" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.imported).toBe(5);
    expect(res.json.failures).toEqual([]);
    expect(res.json.leftOut).toEqual([
      {
        line: 6,
        field: "birthday",
        value: "31/31/1986",
        code: "unreadable_date",
        reason: "Not a date that could be read",
      },
    ]);
    const rows = await db
      .select({
        name: contacts.name,
        kind: contactDates.kind,
        month: contactDates.month,
        day: contactDates.day,
        year: contactDates.year,
      })
      .from(contactDates)
      .innerJoin(contacts, eq(contacts.id, contactDates.contactId))
      .where(eq(contactDates.workspaceId, user.id))
      .orderBy(contacts.name, contactDates.kind);
    expect(rows).toEqual([
      { name: "Ana", kind: "anniversary", month: 6, day: 9, year: null },
      { name: "Ana", kind: "birthday", month: 3, day: 3, year: 1986 },
      { name: "Cid", kind: "birthday", month: 2, day: 29, year: null },
      { name: "Dan", kind: "anniversary", month: 5, day: 1, year: 2010 },
      { name: "Dan", kind: "birthday", month: 12, day: 24, year: null },
    ]);
  });
});
