import { describe, expect, it } from "vitest";
import { nextPlanOf } from "@/lib/plans/next-plan-of";
import { contactLimitOf } from "@/lib/contacts/contact-limit";
import { filterContacts, initialsOf } from "@/lib/contacts/contact-view";
import { contactMessageKey } from "@/lib/contacts/message-key";
import { sniffImageType } from "@/lib/storage/sniff-image-type";
import { buildContactSchema } from "@/lib/validations/contact";

describe("contact helpers", () => {
  it("makes initials from the first and last word", () => {
    expect(initialsOf("Jane Smith")).toBe("JS");
    expect(initialsOf("  ana maría de la cruz ")).toBe("AC");
    expect(initialsOf("Zoë")).toBe("Z");
    expect(initialsOf("   ")).toBe("?");
  });

  it("searches names case-insensitively by substring", () => {
    const list = [{ name: "Ann Lee" }, { name: "Joanne" }, { name: "Bob" }];
    expect(filterContacts(list, "ANN").map((c) => c.name)).toEqual(["Ann Lee", "Joanne"]);
    expect(filterContacts(list, "  ")).toHaveLength(3);
    expect(filterContacts(list, "zz")).toEqual([]);
  });

  it("searches name, e-mail and phone, ignoring case and accents", () => {
    const list = [
      { name: "José Núñez", email: "pepe@example.com", phone: "+34 600 123 456" },
      { name: "Zoë Ångström", email: "ZOE@Example.org", phone: null },
      { name: "Bob", email: null, phone: "+1 (212) 555-0100" },
    ];
    const names = (q: string) => filterContacts(list, q).map((c) => c.name);
    expect(names("jose")).toEqual(["José Núñez"]);
    expect(names("NUNEZ")).toEqual(["José Núñez"]);
    expect(names("zoe")).toEqual(["Zoë Ångström"]);
    expect(names("angstrom")).toEqual(["Zoë Ångström"]);
    expect(names("pepe@")).toEqual(["José Núñez"]);
    expect(names("example.org")).toEqual(["Zoë Ångström"]);
    expect(names("600123")).toEqual(["José Núñez"]);
    expect(names("212 555")).toEqual(["Bob"]);
    expect(names("+1 212-555-0100")).toEqual(["Bob"]);
    // Digits alone do not match the spaces of a name or an address.
    expect(names("99")).toEqual([]);
  });

  it("offers the next plan in the upgrade order, none after business or for payg", () => {
    expect(nextPlanOf("trial")).toBe("free");
    expect(nextPlanOf("free")).toBe("personal");
    expect(nextPlanOf("professional")).toBe("business");
    expect(nextPlanOf("business")).toBeNull();
    expect(nextPlanOf("payg")).toBeNull();
  });

  it("reads contact limits from the plan catalogue", () => {
    expect(contactLimitOf("free")).toBe(5);
    expect(contactLimitOf("business")).toBe(1000);
    expect(contactLimitOf("unknown")).toBe(5);
  });

  it("maps English messages, bare or prefixed with a field, to message keys", () => {
    expect(contactMessageKey("email: Either email or phone must be provided")).toBe("emailOrPhone");
    expect(contactMessageKey("Name is required")).toBe("nameRequired");
    expect(contactMessageKey("Something else")).toBeNull();
  });

  it("recognises images by their first bytes only", () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      "image/png",
    );
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBP"))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
  });

  it("parses phones in the user's region and derives the delivery method", () => {
    const fr = buildContactSchema({ defaultCountry: "FR" });
    expect(fr.parse({ name: "A", phone: "06 12 34 56 78" })).toMatchObject({
      phone: "+33612345678",
      deliveryMethod: "sms",
    });
    expect(buildContactSchema().safeParse({ name: "A", phone: "06 12 34 56 78" }).success).toBe(false);
    expect(fr.parse({ name: " A ", email: " a@example.com ", relationship: "" })).toEqual({
      name: "A",
      email: "a@example.com",
      phone: undefined,
      relationship: undefined,
      avatarUrl: undefined,
      deliveryMethod: "email",
    });
  });
});
