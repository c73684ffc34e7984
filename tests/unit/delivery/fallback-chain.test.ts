import { describe, expect, it } from "vitest";
import { fallsBack, nextWaitedStep } from "@/lib/delivery/fallback-chain";

describe("nextWaitedStep", () => {
  it("is the first later step with a wait, skipping those tried on a failure only", () => {
    // WhatsApp; SMS if it fails; e-mail after 60 min without a confirmation.
    expect(nextWaitedStep(0, [0, 60])).toEqual({ step: 2, minutes: 60 });
    expect(nextWaitedStep(1, [0, 60])).toEqual({ step: 2, minutes: 60 });
    expect(nextWaitedStep(0, [30, 120])).toEqual({ step: 1, minutes: 30 });
    expect(nextWaitedStep(1, [30, 120])).toEqual({ step: 2, minutes: 120 });
  });

  it("is null past the last waited step, or with none", () => {
    expect(nextWaitedStep(2, [0, 60])).toBeNull();
    expect(nextWaitedStep(0, [0, 0, 0])).toBeNull();
    expect(nextWaitedStep(0, [])).toBeNull();
  });
});

describe("fallsBack", () => {
  it.each(["no_phone", "no_email", "opted_out", "no_consent", "21211", "30003", "550", "no_answer", null])(
    "%s goes on to the next step",
    (code) => expect(fallsBack(code)).toBe(true),
  );
  it.each(["quota", "no_credit", "subscription_unpaid", "cancelled", "call_daily_cap", "answered_earlier"])(
    "%s does not",
    (code) => expect(fallsBack(code)).toBe(false),
  );
});
