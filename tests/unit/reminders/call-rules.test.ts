import { describe, expect, it } from "vitest";
import { PLANS } from "@/config/plans";
import { PLAN_TYPES } from "@/db/schema/enums";
import { DomainError } from "@/lib/errors/domain-error";
import { zodIssueCode } from "@/lib/errors/zod-error";
import { assertCallsInPlan, planHasCalls } from "@/lib/reminders/assert-calls-in-plan";
import { reminderInputSchema } from "@/lib/validations/reminder";

const body = (values: Record<string, unknown>) => ({
  contactId: "c1",
  type: "text",
  message: "Hello",
  deliveryMethod: "call",
  scheduleType: "once",
  scheduledFor: "2031-05-01T10:00",
  ...values,
});

const codeOf = (value: unknown) => {
  const result = reminderInputSchema.safeParse(value);
  return result.success ? null : zodIssueCode(result.error.issues[0]);
};

describe("the reminder rules for calls", () => {
  it("a call reads a text reminder or plays a voice one, never a video", () => {
    expect(codeOf(body({}))).toBeNull();
    expect(codeOf(body({ type: "voice", mediaId: "m1", message: null }))).toBeNull();
    expect(codeOf(body({ type: "video", mediaId: "m1" }))).toBe("call_video_unsupported");
    expect(codeOf(body({ type: "video", mediaId: "m1", deliveryMethod: "sms" }))).toBeNull();
    // A missing recording is said first.
    expect(codeOf(body({ type: "video", mediaId: null }))).toBe("select_recording");
  });

  it("a call may ask for a confirmation (the keypad's 1, 2, 3)", () => {
    expect(codeOf(body({ askConfirmation: true, followUpMinutes: 60 }))).toBeNull();
  });

  it("calls need a plan with calls a day; Free has none", () => {
    expect(planHasCalls("free")).toBe(false);
    for (const plan of PLAN_TYPES) {
      expect(planHasCalls(plan)).toBe(PLANS[plan].callsPerDay > 0);
      const attempt = () => assertCallsInPlan(plan, "call");
      if (plan === "free") expect(attempt).toThrow(DomainError);
      else expect(attempt).not.toThrow();
      expect(() => assertCallsInPlan(plan, "sms")).not.toThrow();
    }
    try {
      assertCallsInPlan("free", "call");
    } catch (error) {
      expect(error).toMatchObject({ kind: "forbidden", code: "calls_not_in_plan" });
    }
    expect.assertions(PLAN_TYPES.length * 3 + 2);
  });
});
