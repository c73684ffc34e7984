import { describe, expect, it } from "vitest";
import { callBlock } from "@/components/reminders/call-availability";
import { PLANS } from "@/config/plans";

const phone = { phone: "+34600000001" };

describe("when the dialog offers Phone call", () => {
  it("text and voice reminders of a contact with a phone, on a plan with calls", () => {
    const callsPerDay = PLANS.personal.callsPerDay;
    expect(callBlock({ callsPerDay, type: "text", contact: phone })).toBeNull();
    expect(callBlock({ callsPerDay, type: "voice", contact: phone })).toBeNull();
    // No contact chosen yet: nothing to say about a phone.
    expect(callBlock({ callsPerDay, type: "text", contact: undefined })).toBeNull();
  });

  it("says why not: the plan first, then a video, then a contact without a phone", () => {
    expect(callBlock({ callsPerDay: PLANS.free.callsPerDay, type: "video", contact: { phone: null } })).toBe(
      "plan",
    );
    expect(callBlock({ callsPerDay: 10, type: "video", contact: { phone: null } })).toBe("video");
    expect(callBlock({ callsPerDay: 10, type: "text", contact: { phone: null } })).toBe("phone");
  });
});
