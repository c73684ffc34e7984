import { describe, expect, it } from "vitest";
import { chainReach, groupReach, type ReachableContact } from "@/lib/contacts/channel-reach";
import type { DeliveryMethod } from "@/db/schema/enums";

const reachChannel = (member: ReachableContact, chain: DeliveryMethod[]) => {
  const reach = chainReach(member, chain);
  return reach.reachable ? reach.channel : null;
};
const unreachableReason = (member: ReachableContact, chain: DeliveryMethod[]) => {
  const reach = chainReach(member, chain);
  return reach.reachable ? null : reach.reason;
};

const contact = (values: Partial<ReachableContact> = {}): ReachableContact => ({
  email: "ana@example.com",
  phone: "+14155552671",
  emailOptOut: false,
  smsOptOut: false,
  whatsappOptOut: false,
  callOptOut: false,
  emailSuppressedAt: null,
  ...values,
});

describe("a member's reach over a fallback chain", () => {
  it("is the first channel of the chain that has an address and no opt-out", () => {
    expect(reachChannel(contact(), ["whatsapp", "sms"])).toBe("whatsapp");
    expect(reachChannel(contact({ phone: null }), ["whatsapp", "sms", "email"])).toBe("email");
    expect(reachChannel(contact({ whatsappOptOut: true }), ["whatsapp", "sms"])).toBe("sms");
    expect(reachChannel(contact({ emailSuppressedAt: new Date() }), ["email", "call"])).toBe("call");
    expect(reachChannel(contact({ phone: null }), ["sms", "call"])).toBeNull();
  });

  it("names why no channel reaches a member: the first channel's reason", () => {
    expect(unreachableReason(contact({ phone: null }), ["sms", "whatsapp"])).toBe("no_phone");
    expect(unreachableReason(contact({ email: null }), ["email"])).toBe("no_email");
    expect(unreachableReason(contact({ smsOptOut: true, email: null }), ["sms", "email"])).toBe("opted_out");
    expect(unreachableReason(contact(), ["sms"])).toBeNull();
  });

  it("counts an occurrence's units: each reached member on its first reaching channel, a call as 3", () => {
    const members = [contact(), contact({ callOptOut: true }), contact({ phone: null, email: null })];
    expect(groupReach(members, ["call", "sms"])).toEqual({ members: 3, reachable: 2, units: 4 });
    expect(groupReach(members, ["email"])).toEqual({ members: 3, reachable: 2, units: 2 });
    expect(groupReach([], ["sms"])).toEqual({ members: 0, reachable: 0, units: 0 });
  });
});
