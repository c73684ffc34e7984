import { beforeAll, describe, expect, it } from "vitest";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import * as quickAddRoute from "@/app/api/v1/quick-add/route";
import * as reminderRoute from "@/app/api/v1/reminders/[id]/route";
import * as remindersRoute from "@/app/api/v1/reminders/route";
import type { OpenApiDocument } from "@/lib/api/v1/openapi-document";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { snapshotDatabase } from "../../support/db-snapshot";
import { insertGroup } from "../../support/groups";
import { contractProblems } from "../../support/openapi-contract";
import { createContact } from "../../support/reminders";

type Handler = Parameters<typeof callV1>[0];
type Draft = {
  locale: string;
  reminder: Record<string, unknown>;
  complete: boolean;
  missing: string[];
  nextOccurrences: string[];
  notUnderstood: { text: string; reason: string; candidates?: { name: string }[] }[];
  notes: { kind: string }[];
};

let document: OpenApiDocument;

beforeAll(async () => {
  document = (await (await openapiRoute.GET()).json()) as OpenApiDocument;
});

/** Calls an operation and checks its answer, success or refusal, against the document. */
async function call<T = Record<string, unknown>>(
  operationId: string,
  handler: Handler,
  path: string,
  key: string,
  options = {},
) {
  const answer = await callV1<T>(handler, path, key, options);
  expect(contractProblems(document, { operationId, ...answer })).toEqual([]);
  return answer;
}

const read = (key: string, body: Record<string, unknown>) =>
  call<Draft>("readQuickAdd", quickAddRoute.POST, "/quick-add", key, { method: "POST", body });

/** The wall clock of an instant in a zone, read with Intl (independent of lib/recurrence). */
function wall(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    weekday: "short",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return { weekday: get("weekday"), day: Number(get("day")), time: `${get("hour")}:${get("minute")}` };
}

async function holderWithBook(overrides: { locale?: string } = {}) {
  const holder = await createKeyHolder("write", {
    timezone: "America/New_York",
    planType: "starter",
    subscriptionStatus: "active",
    ...overrides,
  });
  const ws = holder.user.id;
  const people = {
    mary: await createContact(ws, { name: "Mary Jones", phone: "+14155550101", email: "mary@example.org" }),
    ana: await createContact(ws, { name: "Ana Ruiz", phone: "+14155550102", email: "ana@example.org" }),
    jose: await createContact(ws, { name: "José Martínez", phone: "+14155550103" }),
    helene: await createContact(ws, { name: "Hélène Martin", email: "helene@example.org" }),
  };
  const choir = await insertGroup(ws, "Choir", [people.mary.id, people.ana.id]);
  return { ...holder, people, choir };
}

describe("POST /api/v1/quick-add", () => {
  it("reads the sentences people write into the reminder body, with the engine's next five occurrences, saving nothing", async () => {
    const { key, people, choir } = await holderWithBook();
    const before = await snapshotDatabase();

    const pills = await read(key, {
      text: "call Mary every weekday at 8:15 am: take your pills",
      locale: "en",
    });
    expect(pills.status).toBe(200);
    expect(pills.json).toMatchObject({
      locale: "en",
      complete: true,
      missing: [],
      notUnderstood: [],
      reminder: {
        contactId: people.mary.id,
        deliveryMethod: "call",
        type: "text",
        message: "take your pills",
        scheduleType: "recurring",
        frequency: "weekly",
        frequencyConfig: { time: "08:15", days: ["Mon", "Tue", "Wed", "Thu", "Fri"] },
      },
    });
    expect(pills.json.nextOccurrences).toHaveLength(5);
    for (const at of pills.json.nextOccurrences) {
      expect(wall(at, "America/New_York").time).toBe("08:15");
      expect(["Mon", "Tue", "Wed", "Thu", "Fri"]).toContain(wall(at, "America/New_York").weekday);
    }

    const late = await read(key, { text: "text Mary in 20 minutes that I'm running late", locale: "en" });
    expect(late.json).toMatchObject({
      complete: true,
      reminder: {
        contactId: people.mary.id,
        deliveryMethod: "sms",
        message: "I'm running late",
        scheduleType: "once",
      },
    });
    const inTwenty = Date.parse(late.json.nextOccurrences[0]) - Date.now();
    expect(late.json.nextOccurrences).toHaveLength(1);
    expect(inTwenty).toBeGreaterThan(18 * 60_000);
    expect(inTwenty).toBeLessThan(21 * 60_000);

    const dentist = await read(key, {
      text: "llama a Ana el 15 de enero a las 10 para su cita con el dentista",
      locale: "es",
    });
    expect(dentist.json).toMatchObject({
      locale: "es",
      complete: true,
      reminder: {
        contactId: people.ana.id,
        deliveryMethod: "call",
        message: "su cita con el dentista",
        scheduleType: "once",
        scheduledFor: expect.stringMatching(/^\d{4}-01-15T10:00$/),
      },
    });

    const meeting = await read(key, {
      text: "tous les vendredis à 8h30 envoie un e-mail à Hélène : réunion d'équipe",
      locale: "fr",
    });
    expect(meeting.json).toMatchObject({
      complete: true,
      reminder: {
        contactId: people.helene.id,
        deliveryMethod: "email",
        message: "réunion d'équipe",
        frequency: "weekly",
        frequencyConfig: { time: "08:30", days: ["Fri"] },
      },
    });
    for (const at of meeting.json.nextOccurrences)
      expect(wall(at, "America/New_York")).toMatchObject({ weekday: "Fri", time: "08:30" });

    const choirNotes = await read(key, {
      text: "email the choir on the last Friday of every month at noon: rehearsal notes",
      locale: "en",
    });
    expect(choirNotes.json.reminder).toMatchObject({
      groupId: choir.id,
      frequency: "monthly",
      frequencyConfig: { time: "12:00", nthWeekday: -1, days: ["Fri"] },
    });
    for (const at of choirNotes.json.nextOccurrences) {
      const clock = wall(at, "America/New_York");
      expect(clock).toMatchObject({ weekday: "Fri", time: "12:00" });
      // The last Friday: a week later is another month.
      const weekLater = new Date(Date.parse(at) + 7 * 86_400_000);
      expect(weekLater.getUTCMonth()).not.toBe(new Date(at).getUTCMonth());
    }

    expect(await snapshotDatabase()).toEqual(before);
  });

  it("gives the body POST /reminders takes: created, it has the same next occurrences, and GET /reminders/{id} carries five", async () => {
    const { key, people } = await holderWithBook();
    for (const text of [
      "email Mary the first Sunday of every month at noon: family lunch",
      "text Ana every 2 weeks on Tuesday at 8am: bins",
    ]) {
      const draft = await read(key, { text, locale: "en" });
      expect(draft.json.complete, text).toBe(true);
      const created = await call<{ id: string; nextOccurrences: string[] }>(
        "createReminder",
        remindersRoute.POST,
        "/reminders",
        key,
        { method: "POST", body: draft.json.reminder },
      );
      expect(created.status, text).toBe(201);
      const got = await call<{ nextOccurrences: string[]; contactId: string }>(
        "getReminder",
        reminderRoute.GET,
        `/reminders/${created.json.id}`,
        key,
        { params: { id: created.json.id } },
      );
      expect(got.status).toBe(200);
      expect(got.json.nextOccurrences).toEqual(draft.json.nextOccurrences);
      expect(got.json.nextOccurrences).toHaveLength(5);
    }
    const lunch = await read(key, {
      text: "email Mary the first Sunday of every month at noon: family lunch",
    });
    expect(lunch.json.reminder).toMatchObject({
      contactId: people.mary.id,
      frequencyConfig: { time: "12:00", nthWeekday: 1, days: ["Sun"] },
    });
    for (const at of lunch.json.nextOccurrences) {
      const clock = wall(at, "America/New_York");
      expect(clock).toMatchObject({ weekday: "Sun", time: "12:00" });
      expect(clock.day).toBeLessThanOrEqual(7);
    }
    const bins = await read(key, { text: "text Ana every 2 weeks on Tuesday at 8am: bins" });
    expect(bins.json.reminder).toMatchObject({
      frequencyConfig: { interval: 2, days: ["Tue"], time: "08:00" },
    });
    const gaps = bins.json.nextOccurrences
      .slice(1)
      .map((at, i) => Date.parse(at) - Date.parse(bins.json.nextOccurrences[i]));
    // Two weeks apart, give or take a clock change's hour.
    for (const gap of gaps) expect(Math.abs(gap - 14 * 86_400_000)).toBeLessThanOrEqual(3_600_000);
  });

  it("reads in the key owner's language unless told; says what it did not understand and why, never guessing", async () => {
    const { key, people } = await holderWithBook({ locale: "fr" });
    await createContact(people.mary.workspaceId, { name: "Mary Smith", email: "smith@example.org" });
    const french = await read(key, {
      text: "envoie un SMS à Hélène dans 2 heures : sortir le gâteau du four",
    });
    expect(french.json).toMatchObject({
      locale: "fr",
      reminder: { contactId: people.helene.id, deliveryMethod: "sms", message: "sortir le gâteau du four" },
    });

    const unclear = await read(key, { text: "call Mary next week: dentist", locale: "en" });
    expect(unclear.status).toBe(200);
    expect(unclear.json.complete).toBe(false);
    expect(unclear.json.reminder).not.toHaveProperty("contactId");
    expect(unclear.json.missing).toEqual(expect.arrayContaining(["recipient", "schedule"]));
    expect(unclear.json.nextOccurrences).toEqual([]);
    const reasons = Object.fromEntries(unclear.json.notUnderstood.map((part) => [part.reason, part]));
    expect(reasons.vague).toMatchObject({ text: "next week" });
    expect(reasons.ambiguous_recipient).toMatchObject({ text: "Mary" });
    expect(reasons.ambiguous_recipient.candidates?.map((c) => c.name).sort()).toEqual([
      "Mary Jones",
      "Mary Smith",
    ]);

    const nobody = await read(key, { text: "remind Zoe tomorrow at 9: hello", locale: "en" });
    expect(nobody.json.notUnderstood).toEqual([
      expect.objectContaining({ text: "Zoe", reason: "unknown_recipient" }),
    ]);
    expect(nobody.json.missing).toEqual(expect.arrayContaining(["recipient", "deliveryMethod"]));
    expect(nobody.json.nextOccurrences).toHaveLength(1);
  });

  it("refuses an empty line, an unknown language and unknown fields with 400, and a read-only key with 403", async () => {
    const { key } = await holderWithBook();
    for (const body of [
      { text: "  " },
      { text: "call Mary", locale: "de" },
      { text: "call Mary", save: true },
    ]) {
      const refused = await read(key, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json).toMatchObject({ code: expect.any(String) });
    }
    const readOnly = await createKeyHolder("read");
    const forbidden = await read(readOnly.key, { text: "call Mary tomorrow at 9: hi" });
    expect(forbidden.status).toBe(403);
  });

  it("is in the OpenAPI document with its body and answer", () => {
    const operation = document.paths?.["/quick-add"]?.post as { operationId: string } | undefined;
    expect(operation?.operationId).toBe("readQuickAdd");
    const schemas = document.components?.schemas as Record<string, { properties: Record<string, unknown> }>;
    expect(Object.keys(schemas.QuickAddDraft.properties)).toEqual(
      expect.arrayContaining(["reminder", "nextOccurrences", "notUnderstood", "missing", "complete"]),
    );
    expect(Object.keys(schemas.QuickAddInput.properties)).toEqual(["text", "locale"]);
  });
});
