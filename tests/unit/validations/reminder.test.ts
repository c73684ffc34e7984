import { describe, expect, it } from "vitest";
import { fromZodError } from "@/lib/errors/zod-error";
import { REMINDER_MESSAGES, REMINDER_RULE_ERRORS, reminderInputSchema } from "@/lib/validations/reminder";

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

/** What the API answers for the body: the code and message of its first issue. */
const answer = (body: unknown) => {
  const result = reminderInputSchema.safeParse(body);
  if (result.success) return null;
  const { code, message } = fromZodError(result.error);
  return { code, message };
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
    ["voice recording", { type: "voice", mediaId: "" }, REMINDER_MESSAGES.media],
    ["video recording", { type: "video", message: "Happy birthday" }, REMINDER_MESSAGES.media],
    ["frequency", { frequency: "" }, REMINDER_MESSAGES.frequency],
    ["days", { frequencyConfig: { days: [], endCondition: "by" } }, REMINDER_MESSAGES.days],
    [
      "end date",
      { frequencyConfig: { days: ["Tue"], endCondition: "by", endByDate: "" } },
      REMINDER_MESSAGES.endDate,
    ],
    ["date and time", { scheduleType: "once", scheduledFor: "" }, REMINDER_MESSAGES.dateTime],
  ])("reports a missing %s with the form's words", (_label, change, message) => {
    expect(firstMessage({ ...full, ...change })).toBe(message);
  });

  it("reports in the form's order when several are missing", () => {
    expect(firstMessage({ ...full, contactId: null, message: "", frequency: null })).toBe(
      REMINDER_MESSAGES.contact,
    );
    expect(firstMessage({ ...full, message: "", frequency: null })).toBe(REMINDER_MESSAGES.message);
    expect(
      firstMessage({ ...full, frequency: "weekly", frequencyConfig: { days: [], endCondition: "by" } }),
    ).toBe(REMINDER_MESSAGES.days);
  });

  it("asks a voice or video reminder for its recording, not for a message", () => {
    expect(answer({ ...full, type: "voice", message: null, mediaId: "m1" })).toBeNull();
    expect(answer({ ...full, type: "video", message: "", mediaId: "m1" })).toBeNull();
    expect(answer({ ...full, type: "voice", message: "Love you" })).toEqual({
      code: "select_recording",
      message: REMINDER_MESSAGES.media,
    });
    expect(reminderInputSchema.parse({ ...full, type: "video", mediaId: "m1" })).toMatchObject({
      type: "video",
      mediaId: "m1",
      message: "Hi",
    });
  });

  it("refuses a recording on a text reminder", () => {
    expect(answer({ ...full, mediaId: "m1" })).toEqual(REMINDER_RULE_ERRORS.textMedia);
    expect(answer({ ...full, mediaId: null })).toBeNull();
    expect(answer({ ...full, mediaId: "" })).toBeNull();
  });

  it("refuses a schedule the recurrence engine cannot compute, with its words", () => {
    expect(answer({ ...full, scheduleType: "once", scheduledFor: "2031-02-30T09:00" })).toEqual({
      code: "invalid_schedule",
      message: "Invalid date '2031-02-30', expected YYYY-MM-DD",
    });
    expect(answer({ ...full, frequency: "monthly", frequencyConfig: { endCondition: "never" } })).toEqual({
      code: "invalid_schedule",
      message: "dayOfMonth must be 1-31, got undefined",
    });
    expect(
      answer({ ...full, frequencyConfig: { ...full.frequencyConfig, endByDate: "2031-13-01" } }),
    ).toMatchObject({ code: "invalid_schedule" });
  });

  it("refuses confirmation settings that cannot work: the ask on e-mail, a follow-up without the ask", () => {
    expect(answer({ ...full, askConfirmation: true })).toEqual({
      code: "invalid_input",
      message: "Ask for confirmation is only available for SMS, WhatsApp and phone calls",
    });
    expect(answer({ ...full, deliveryMethod: "sms", followUpMinutes: 60 })).toEqual({
      code: "invalid_input",
      message: "A follow-up time needs Ask for confirmation",
    });
    expect(answer({ ...full, deliveryMethod: "sms", askConfirmation: true, followUpMinutes: 60 })).toBeNull();
  });

  it("checks the rules in order: fields, type, schedule, confirmation", () => {
    const impossible = { scheduleType: "once", scheduledFor: "2031-02-30T09:00" };
    expect(answer({ ...full, ...impossible, contactId: null, askConfirmation: true })?.code).toBe(
      "select_contact",
    );
    expect(answer({ ...full, ...impossible, type: "voice", askConfirmation: true })?.code).toBe(
      "select_recording",
    );
    expect(answer({ ...full, ...impossible, mediaId: "m1", askConfirmation: true })).toEqual(
      REMINDER_RULE_ERRORS.textMedia,
    );
    expect(answer({ ...full, ...impossible, askConfirmation: true })?.code).toBe("invalid_schedule");
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
