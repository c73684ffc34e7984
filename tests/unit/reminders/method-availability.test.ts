import { describe, expect, it } from "vitest";
import {
  methodBlock,
  methodBlocks,
  workingMethod,
  type ContactAddresses,
} from "@/components/reminders/call-availability";
import { LOCALES } from "@/i18n/locales";

const ALL = LOCALES;
const everywhere = { email: ALL, sms: ALL, whatsapp: ALL, call: ALL };
const user = { channels: everywhere, locale: "en" as const, callsPerDay: 10 };
const full: ContactAddresses = {
  email: "ana@example.com",
  phone: "+34600000001",
  locale: "es",
  whatsappConsent: true,
};

describe("which delivery methods the reminder dialog offers", () => {
  it("everything, for a contact with both addresses and WhatsApp consent on a configured server", () => {
    expect(methodBlocks("text", full, user)).toEqual({ email: null, sms: null, whatsapp: null, call: null });
  });

  it("a contact without a phone: SMS, WhatsApp and calls need one; e-mail still works", () => {
    const noPhone = { ...full, phone: null };
    expect(methodBlocks("text", noPhone, user)).toEqual({
      email: null,
      sms: "phone",
      whatsapp: "phone",
      call: "phone",
    });
  });

  it("WhatsApp needs recorded consent; without an e-mail address, e-mail is blocked", () => {
    const contact = { ...full, email: null, whatsappConsent: false };
    expect(methodBlocks("text", contact, user)).toEqual({
      email: "email",
      sms: null,
      whatsapp: "consent",
      call: null,
    });
  });

  it("a channel this server does not send comes first: no address would help", () => {
    const channels = { ...everywhere, sms: [], call: [] };
    expect(methodBlocks("text", { ...full, phone: null }, { ...user, channels })).toEqual({
      email: null,
      sms: "server",
      whatsapp: "phone",
      call: "server",
    });
    // Before a contact is chosen too.
    expect(methodBlocks("text", undefined, { ...user, channels })).toMatchObject({
      sms: "server",
      email: null,
    });
  });

  it("WhatsApp is configured per language: the contact's, else the user's", () => {
    const configured = ["es"] as const;
    const args = { configured, userLocale: "en" as const, callsPerDay: 10, type: "text" as const };
    expect(methodBlock("whatsapp", { ...args, contact: full })).toBeNull();
    expect(methodBlock("whatsapp", { ...args, contact: { ...full, locale: "fr" } })).toBe("server");
    expect(methodBlock("whatsapp", { ...args, contact: { ...full, locale: null } })).toBe("server");
    expect(
      methodBlock("whatsapp", { ...args, userLocale: "es", contact: { ...full, locale: null } }),
    ).toBeNull();
    // No contact yet: some language works, so WhatsApp is offered.
    expect(methodBlock("whatsapp", { ...args, contact: undefined })).toBeNull();
    expect(methodBlock("whatsapp", { ...args, configured: [], contact: undefined })).toBe("server");
  });

  it("calls keep their own reasons, after the server's: plan, then video, then the phone", () => {
    const noPhone = { ...full, phone: null };
    expect(methodBlocks("text", noPhone, { ...user, callsPerDay: 0 }).call).toBe("plan");
    expect(methodBlocks("video", noPhone, user).call).toBe("video");
    expect(methodBlocks("text", noPhone, user).call).toBe("phone");
    const noCalls = { ...everywhere, call: [] };
    expect(methodBlocks("text", noPhone, { ...user, callsPerDay: 0, channels: noCalls }).call).toBe("server");
  });
});

describe("choosing a contact keeps a method that works", () => {
  it("moves a blocked method to the first that works, and keeps one that works", () => {
    const noPhone = methodBlocks("text", { ...full, phone: null }, user);
    expect(workingMethod("call", noPhone)).toBe("email");
    expect(workingMethod("email", noPhone)).toBe("email");
    const noEmail = methodBlocks("text", { ...full, email: null }, user);
    expect(workingMethod("email", noEmail)).toBe("sms");
    expect(workingMethod("whatsapp", noEmail)).toBe("whatsapp");
  });
});
