import { describe, expect, it } from "vitest";
import { withQuickAddDraft } from "@/components/reminders/quick-add-form-state";
import { emptyFormState, toRequestBody } from "@/components/reminders/reminder-form-state";
import { parseQuickAdd, type QuickAddDraft } from "@/lib/quick-add";
import { reminderInputSchema } from "@/lib/validations/reminder";

const CONTACTS = [
  { id: "mama", name: "Mamá" },
  { id: "marc-d", name: "Marc Dubois" },
  { id: "marc-l", name: "Marc Lefèvre" },
];
// Tuesday 10 March 2026, 10:00 in Madrid.
const NOW = new Date("2026-03-10T09:00:00Z");
const read = (text: string, locale: "en" | "es" | "fr" = "en") =>
  parseQuickAdd(text, {
    locale,
    timeZone: "Europe/Madrid",
    now: NOW,
    contacts: CONTACTS,
    groups: [{ id: "choir", name: "Choir" }],
    richSchedules: true,
  });

describe("the reminder dialog filled from a quick-add draft", () => {
  it("fills an interval, an nth weekday, an end and a group, and the body says the same schedule", () => {
    const lunch = withQuickAddDraft(
      emptyFormState(),
      read("escribe por WhatsApp a mamá el primer domingo de cada mes a mediodía: comida en casa", "es"),
      true,
    );
    expect(lunch).toMatchObject({
      contactId: "mama",
      frequency: "monthly",
      monthlyBy: "weekday",
      nthWeekday: 1,
      nthDay: "Sun",
      hour: "12",
      minute: "00",
    });
    expect(toRequestBody(lunch)).toMatchObject({
      frequency: "monthly",
      frequencyConfig: { time: "12:00", nthWeekday: 1, days: ["Sun"] },
    });
    expect(toRequestBody(lunch).frequencyConfig).not.toHaveProperty("dayOfMonth");

    const bins = withQuickAddDraft(
      emptyFormState(),
      read("text Marc Dubois every other Tuesday at 7pm, 6 times: bins"),
      true,
    );
    expect(bins).toMatchObject({
      frequency: "weekly",
      interval: 2,
      days: ["Tue"],
      endCondition: "after",
      endAfterCount: 6,
    });
    expect(reminderInputSchema.safeParse(toRequestBody(bins)).success).toBe(true);
    expect(toRequestBody(bins).frequencyConfig).toMatchObject({
      interval: 2,
      days: ["Tue"],
      endAfterCount: 6,
    });

    const choir = withQuickAddDraft(
      emptyFormState("mama"),
      read("email the choir on the last Friday of every month at noon: notes"),
      true,
    );
    expect(choir).toMatchObject({ recipient: "group", groupId: "choir", nthWeekday: -1, nthDay: "Fri" });
  });

  it("fills contact, channel, a weekly schedule and the message, and the body passes the reminder schema", () => {
    const state = withQuickAddDraft(
      emptyFormState(),
      read("recordar a mamá cada domingo a las 18:00 por WhatsApp: llama a la abuela", "es"),
      true,
    );
    expect(state).toMatchObject({
      contactId: "mama",
      deliveryMethod: "whatsapp",
      message: "llama a la abuela",
      scheduleType: "recurring",
      frequency: "weekly",
      days: ["Sun"],
      hour: "18",
      minute: "00",
      endCondition: "never",
    });
    const body = reminderInputSchema.safeParse(toRequestBody(state));
    expect(body.success).toBe(true);
  });

  it("fills a one-time date and time as the dialog's date, hour and minute", () => {
    const state = withQuickAddDraft(
      emptyFormState(),
      read("rappeler Marc Dubois le 3 avril à 10h par SMS", "fr"),
      true,
    );
    expect(state).toMatchObject({
      contactId: "marc-d",
      deliveryMethod: "sms",
      scheduleType: "once",
      date: "2026-04-03",
      hour: "10",
      minute: "00",
    });
  });

  it("keeps what the words did not say", () => {
    const before = {
      ...emptyFormState("mama"),
      message: "Hello",
      deliveryMethod: "sms" as const,
      date: "2026-05-01",
    };
    expect(withQuickAddDraft(before, read("by WhatsApp"), true)).toEqual({
      ...before,
      deliveryMethod: "whatsapp",
    });
  });

  it("never keeps or picks a contact for a name that is several contacts or none", () => {
    const before = emptyFormState("mama");
    expect(withQuickAddDraft(before, read("Remind Marc tomorrow at 9"), true).contactId).toBe("");
    expect(withQuickAddDraft(before, read("Remind Zoe tomorrow at 9"), true).contactId).toBe("");
  });

  it("leaves a repeat's missing day empty, and fills no repeat the plan cannot hold", () => {
    const weekly = read("Remind Mamá every week at 18:00");
    expect(withQuickAddDraft(emptyFormState(), weekly, true)).toMatchObject({
      scheduleType: "recurring",
      frequency: "weekly",
      days: [],
    });
    const free = withQuickAddDraft(emptyFormState(), read("Remind Mamá every Sunday at 18:00"), false);
    expect(free).toMatchObject({ scheduleType: "once", frequency: "", days: [], hour: "09" });
  });

  it("fills nothing from words it did not read", () => {
    const draft: QuickAddDraft = read("next blue moon");
    expect(draft.unknown.length).toBeGreaterThan(0);
    expect(withQuickAddDraft(emptyFormState(), draft, true)).toEqual(emptyFormState());
  });

  it("keeps a group chosen when the words name no contact, and turns to a contact they name", () => {
    const toChoir = {
      ...emptyFormState(),
      recipient: "group" as const,
      groupId: "choir",
      deliveryMethod: "whatsapp" as const,
      fallback: [{ channel: "sms" as const, wait: null }],
    };
    const choir = withQuickAddDraft(
      toChoir,
      read("every Thursday at 18:00: Rehearsal at the church hall"),
      true,
    );
    expect(choir).toMatchObject({
      recipient: "group",
      groupId: "choir",
      message: "Rehearsal at the church hall",
      frequency: "weekly",
      days: ["Thu"],
      hour: "18",
    });
    expect(withQuickAddDraft(toChoir, read("Remind Mamá tomorrow at 9"), true)).toMatchObject({
      recipient: "contact",
      contactId: "mama",
    });
    // A channel the words name swaps with the chain's step that had it.
    expect(withQuickAddDraft(toChoir, read("by SMS"), true)).toMatchObject({
      deliveryMethod: "sms",
      fallback: [{ channel: "whatsapp", wait: null }],
    });
  });
});
