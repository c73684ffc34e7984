import { describe, expect, it } from "vitest";
import { REMINDERS_PER_CALL } from "@/config/plans";
import { chainReach, channelBlock, type ReachableContact } from "@/lib/contacts/channel-reach";

const contact = (values: Partial<ReachableContact> = {}): ReachableContact => ({
  email: "ann@example.com",
  phone: "+14155550101",
  emailOptOut: false,
  smsOptOut: false,
  whatsappOptOut: false,
  callOptOut: false,
  emailSuppressedAt: null,
  ...values,
});

describe("channelBlock", () => {
  it.each([
    ["email", { email: null }, "no_email"],
    ["email", { emailOptOut: true }, "opted_out"],
    ["email", { emailSuppressedAt: new Date() }, "opted_out"],
    ["sms", { phone: null }, "no_phone"],
    ["sms", { smsOptOut: true }, "opted_out"],
    ["whatsapp", { whatsappOptOut: true }, "opted_out"],
    ["call", { callOptOut: true }, "opted_out"],
    ["call", { smsOptOut: true, whatsappOptOut: true }, null],
  ] as const)("%s with %o: %s", (channel, values, reason) => {
    expect(channelBlock(contact(values), channel)).toBe(reason);
  });
});

describe("chainReach", () => {
  it("takes the first channel that reaches, with its usage units", () => {
    expect(chainReach(contact({ phone: null }), ["sms", "email"])).toEqual({
      reachable: true,
      channel: "email",
      units: 1,
    });
    expect(chainReach(contact(), ["call", "email"])).toEqual({
      reachable: true,
      channel: "call",
      units: REMINDERS_PER_CALL,
    });
  });

  it("names the first channel's reason when none reaches", () => {
    expect(chainReach(contact({ phone: null, emailOptOut: true }), ["whatsapp", "email"])).toEqual({
      reachable: false,
      reason: "no_phone",
    });
    expect(chainReach(contact({ phone: null, emailOptOut: true }), ["email", "sms"])).toEqual({
      reachable: false,
      reason: "opted_out",
    });
  });
});
