import { describe, expect, it } from "vitest";
import { settingsFormSchema, toUpdateUserBody } from "@/lib/validations/settings";
import { updateUserSchema } from "@/lib/validations/user";

const base = { firstName: "", lastName: "", senderName: "", phone: "", timezone: "UTC" };

describe("settings form", () => {
  it("sends only non-empty names and phone, always the timezone", () => {
    const parsed = settingsFormSchema.parse({ ...base, firstName: "  Ana ", timezone: "Europe/Paris" });
    expect(toUpdateUserBody(parsed)).toEqual({ firstName: "Ana", senderName: "", timezone: "Europe/Paris" });
  });
  it("rejects a 101-character sender name in the form and on the server alike", () => {
    const long = "x".repeat(101);
    expect(settingsFormSchema.safeParse({ ...base, senderName: long }).success).toBe(false);
    expect(updateUserSchema.safeParse({ senderName: long, timezone: "UTC" }).success).toBe(false);
    expect(settingsFormSchema.safeParse({ ...base, senderName: "x".repeat(100) }).success).toBe(true);
  });
  it("rejects an unknown timezone", () => {
    expect(settingsFormSchema.safeParse({ ...base, timezone: "Mars/Olympus" }).success).toBe(false);
  });
});
