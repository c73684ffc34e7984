import { describe, expect, it } from "vitest";
import { REMINDER_MESSAGES, reminderInputSchema } from "@/lib/validations/reminder";

const full = {
  contactId: "c1",
  type: "text",
  message: "Hi",
  deliveryMethod: "email",
  scheduleType: "recurring",
  frequency: "weekly",
  frequencyConfig: { time: "09:00", days: ["Mon"], endCondition: "by", endByDate: "2030-01-01" },
};

const firstMessage = (body: unknown) => {
  const result = reminderInputSchema.safeParse(body);
  return result.success ? null : result.error.issues[0].message;
};

describe("reminderInputSchema", () => {
  it("accepts a complete recurring body and a complete one-time body", () => {
    expect(firstMessage(full)).toBeNull();
    expect(
      firstMessage({
        ...full,
        scheduleType: "once",
        frequency: null,
        frequencyConfig: null,
        scheduledFor: "2030-01-01T09:00",
      }),
    ).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["contact", { contactId: "" }, REMINDER_MESSAGES.contact],
    ["message", { message: " " }, REMINDER_MESSAGES.message],
    ["frequency", { frequency: "" }, REMINDER_MESSAGES.frequency],
    ["days", { frequencyConfig: { days: [], endCondition: "by" } }, REMINDER_MESSAGES.days],
    [
      "end date",
      { frequencyConfig: { days: ["Tue"], endCondition: "by", endByDate: "" } },
      REMINDER_MESSAGES.endDate,
    ],
    ["date and time", { scheduleType: "once", scheduledFor: "" }, REMINDER_MESSAGES.dateTime],
  ])("reports a missing %s with its validation message", (_label, change, message) => {
    expect(firstMessage({ ...full, ...change })).toBe(message);
  });

  it("reports in the validation order when several are missing", () => {
    expect(firstMessage({ ...full, contactId: null, message: "", frequency: null })).toBe(
      REMINDER_MESSAGES.contact,
    );
    expect(firstMessage({ ...full, message: "", frequency: null })).toBe(REMINDER_MESSAGES.message);
    expect(
      firstMessage({ ...full, frequency: "weekly", frequencyConfig: { days: [], endCondition: "by" } }),
    ).toBe(REMINDER_MESSAGES.days);
  });

  it("does not need a message for voice (refused later as coming soon)", () => {
    expect(firstMessage({ ...full, type: "voice", message: null })).toBeNull();
  });

  // Each body is the complete one with exactly one thing wrong (frequencyConfig merged, not
  // replaced), and the refusal must name that thing: nothing else in the body can fail it.
  it.each<[string, Record<string, unknown>, (string | number)[]]>([
    ["a malformed time", { frequencyConfig: { time: "9:00" } }, ["frequencyConfig", "time"]],
    [
      "day of month 0",
      { frequency: "monthly", frequencyConfig: { dayOfMonth: 0 } },
      ["frequencyConfig", "dayOfMonth"],
    ],
    [
      "an end count below 1",
      { frequencyConfig: { endCondition: "after", endAfterCount: 0 } },
      ["frequencyConfig", "endAfterCount"],
    ],
    ["an unknown weekday", { frequencyConfig: { days: ["Funday"] } }, ["frequencyConfig", "days", 0]],
    ["an unknown field", { owner: "x" }, []],
  ])("refuses %s, and only for it", (_label, change, path) => {
    const body = {
      ...full,
      ...change,
      frequencyConfig: { ...full.frequencyConfig, ...(change.frequencyConfig as object | undefined) },
    };
    const result = reminderInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([path]);
  });
});
