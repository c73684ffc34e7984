import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { reminders } from "@/db/schema";
import { nextOccurrences } from "@/lib/recurrence";
import { scheduleFromRow } from "@/lib/recurrence/schedule-from-row";
import { e2eDb, expect, test } from "./fixtures";
import { addContact } from "./reminder-helpers";
import { en, es, expectNoSeriousA11yIssues, fr } from "./shell-helpers";

// Intervals and nth weekdays in the reminder dialog: made by hand and from quick-add words, in
// New York (clocks change in March and November), saved as they were said.

const ZONE = "America/New_York";
type Messages = typeof en;

/** Wall clock of an instant in New York, read with Intl (not with the app's code). */
function nyClock(at: Date) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    weekday: "short",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "shortOffset",
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return {
    weekday: get("weekday"),
    day: Number(get("day")),
    time: `${get("hour")}:${get("minute")}`,
    offset: get("timeZoneName"),
  };
}

const savedFor = (workspaceId: string) =>
  e2eDb.select().from(reminders).where(eq(reminders.workspaceId, workspaceId)).orderBy(reminders.createdAt);

/** A year of the saved reminder's occurrences, as the engine will send them: both sides of DST. */
function yearOf(row: typeof reminders.$inferSelect) {
  const dates = nextOccurrences(scheduleFromRow(row), new Date(row.nextRunAt!.getTime() - 1), 60).filter(
    (at) => at.getTime() < row.nextRunAt!.getTime() + 366 * 86_400_000,
  );
  expect(new Set(dates.map((at) => nyClock(at).offset))).toEqual(new Set(["GMT-5", "GMT-4"]));
  return dates;
}

async function useLanguage(page: Page, locale: "en" | "es" | "fr") {
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, domain: hostname, path: "/" }]);
  await page.addInitScript((value) => localStorage.setItem("locale", value), locale);
}

async function openDialog(page: Page, m: Messages) {
  await page.goto("/");
  await page.getByRole("button", { name: m.dashboard.newReminder }).click();
  const dialog = page.getByRole("dialog", { name: m.reminderForm.titleCreate });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Quick add in the dialog: the words, Enter, the schedule said back (`words`; none for a one-time
 * reminder), then Create; the row saved.
 */
async function quickAdd(page: Page, m: Messages, workspaceId: string, text: string, words: RegExp | null) {
  const before = (await savedFor(workspaceId)).length;
  const dialog = await openDialog(page, m);
  const line = dialog.getByRole("textbox", { name: m.quickAdd.label });
  await line.fill(text);
  await line.press("Enter");
  await expect(dialog.getByTestId("quick-add-report")).toBeVisible();
  await expect(dialog.getByTestId("quick-add-unknown")).toHaveCount(0);
  if (words) await expect(dialog.getByTestId("schedule-words")).toHaveText(words);
  else await expect(dialog.getByTestId("schedule-words")).toHaveCount(0);
  await dialog.getByRole("button", { name: m.reminderForm.submitCreate }).click();
  await expect(dialog).toHaveCount(0);
  const rows = await savedFor(workspaceId);
  expect(rows).toHaveLength(before + 1);
  return rows.at(-1)!;
}

test("in the dialog by hand: the first Sunday of every month at noon, and every 2 weeks on Tuesday, said in words and saved", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: ZONE });
  const mary = await addContact(user.id, "Mary Jones", { phone: "+12125550101" });
  const f = en.reminderForm;

  let dialog = await openDialog(page, en);
  await dialog.getByLabel(f.contact, { exact: true }).selectOption(mary.id);
  await dialog.getByLabel(f.message, { exact: true }).fill("Family lunch");
  await dialog.getByRole("radio", { name: f.recurring }).click();
  await dialog.getByLabel(f.frequency, { exact: true }).selectOption("monthly");
  await dialog.getByRole("radio", { name: f.monthlyBy.weekday }).click();
  await dialog.getByLabel(f.nthWeekday, { exact: true }).selectOption("1");
  await dialog.getByLabel(f.nthDay, { exact: true }).selectOption("Sun");
  await dialog.getByLabel(f.hour, { exact: true }).selectOption("12");
  await expect(dialog.getByTestId("schedule-words")).toHaveText(
    /^The first Sunday of every month at 12:00\sPM$/,
  );
  await expect(dialog.getByTestId("next-occurrences")).toContainText("Sun");
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole("button", { name: f.submitCreate }).click();
  await expect(dialog).toHaveCount(0);
  const [lunch] = await savedFor(user.id);
  expect(lunch).toMatchObject({
    frequency: "monthly",
    nthWeekday: 1,
    days: ["Sun"],
    time: "12:00",
    dayOfMonth: null,
  });
  for (const at of yearOf(lunch)) {
    const clock = nyClock(at);
    expect(clock).toMatchObject({ weekday: "Sun", time: "12:00" });
    expect(clock.day).toBeLessThanOrEqual(7);
  }

  dialog = await openDialog(page, en);
  await dialog.getByLabel(f.contact, { exact: true }).selectOption(mary.id);
  await dialog.getByLabel(f.message, { exact: true }).fill("Bins");
  await dialog.getByRole("radio", { name: f.recurring }).click();
  await dialog.getByLabel(f.frequency, { exact: true }).selectOption("weekly");
  await dialog.getByLabel("Every how many weeks", { exact: true }).fill("2");
  await dialog.getByRole("checkbox", { name: f.weekdays.Tue, exact: true }).click();
  await dialog.getByLabel(f.hour, { exact: true }).selectOption("08");
  await expect(dialog.getByTestId("schedule-words")).toHaveText(/^Every 2 weeks on Tuesday at 8:00\sAM$/);
  await dialog.getByRole("button", { name: f.submitCreate }).click();
  await expect(dialog).toHaveCount(0);
  const bins = (await savedFor(user.id)).at(-1)!;
  expect(bins).toMatchObject({ frequency: "weekly", repeatInterval: 2, days: ["Tue"], time: "08:00" });
  expect(bins.anchorDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const tuesdays = yearOf(bins);
  for (const [i, at] of tuesdays.entries()) {
    expect(nyClock(at)).toMatchObject({ weekday: "Tue", time: "08:00" });
    if (i > 0) expect(Math.round((at.getTime() - tuesdays[i - 1].getTime()) / 86_400_000)).toBe(14);
  }
});

test("quick add in the dialog fills every schedule kind, in English, Spanish and French, and saves what was said", async ({
  page,
  signIn,
}) => {
  // Six reminders made through the dialog, one after another.
  test.setTimeout(180_000);
  const user = await signIn({ timezone: ZONE });
  const mary = await addContact(user.id, "Mary Jones", { phone: "+12125550101", email: "mary@example.com" });
  const ana = await addContact(user.id, "Ana Ruiz", { phone: "+12125550102", email: "ana@example.com" });
  const helene = await addContact(user.id, "Hélène Martin", { email: "helene@example.com" });

  const lunch = await quickAdd(
    page,
    en,
    user.id,
    "email Mary the first Sunday of every month at noon: family lunch",
    /^The first Sunday of every month at 12:00\sPM$/,
  );
  expect(lunch).toMatchObject({
    contactId: mary.id,
    deliveryMethod: "email",
    message: "family lunch",
    frequency: "monthly",
    nthWeekday: 1,
    days: ["Sun"],
    time: "12:00",
  });

  const bins = await quickAdd(
    page,
    en,
    user.id,
    "text Ana every 2 weeks on Tuesday at 8am: bins",
    /^Every 2 weeks on Tuesday at 8:00\sAM$/,
  );
  expect(bins).toMatchObject({
    contactId: ana.id,
    deliveryMethod: "sms",
    frequency: "weekly",
    repeatInterval: 2,
    days: ["Tue"],
    time: "08:00",
  });

  const pills = await quickAdd(
    page,
    en,
    user.id,
    "call Mary every weekday at 8:15 am: take your pills",
    /^Every weekday at 8:15\sAM$/,
  );
  expect(pills).toMatchObject({
    contactId: mary.id,
    deliveryMethod: "call",
    message: "take your pills",
    frequency: "weekly",
    days: ["Mon", "Tue", "Wed", "Thu", "Fri"],
    time: "08:15",
  });

  const late = await quickAdd(page, en, user.id, "text Mary in 20 minutes that I'm running late", null);
  expect(late).toMatchObject({
    contactId: mary.id,
    deliveryMethod: "sms",
    message: "I'm running late",
    scheduleType: "once",
  });
  const inMinutes = (late.scheduledFor!.getTime() - Date.now()) / 60_000;
  expect(inMinutes).toBeGreaterThan(15);
  expect(inMinutes).toBeLessThanOrEqual(20);

  await useLanguage(page, "es");
  const dentist = await quickAdd(
    page,
    es,
    user.id,
    "llama a Ana el 15 de enero a las 10 para su cita con el dentista",
    null,
  );
  expect(dentist).toMatchObject({
    contactId: ana.id,
    deliveryMethod: "call",
    message: "su cita con el dentista",
    scheduleType: "once",
  });
  expect(nyClock(dentist.scheduledFor!)).toMatchObject({ day: 15, time: "10:00" });

  await useLanguage(page, "fr");
  const meeting = await quickAdd(
    page,
    fr,
    user.id,
    "tous les vendredis à 8h30 envoie un e-mail à Hélène : réunion d'équipe",
    /vendredi.*8:30/i,
  );
  expect(meeting).toMatchObject({
    contactId: helene.id,
    deliveryMethod: "email",
    message: "réunion d'équipe",
    frequency: "weekly",
    days: ["Fri"],
    time: "08:30",
  });
});
