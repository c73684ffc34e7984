import { describe, expect, it } from "vitest";
import { magicLinkSchema, providerSignInSchema } from "@/lib/validations/auth";

describe("sign-in schemas", () => {
  it("accept only this site's paths as the magic link's callback", () => {
    expect(magicLinkSchema.safeParse({ email: "a@b.co", callbackUrl: "/contacts" }).success).toBe(true);
    for (const callbackUrl of ["//evil.example", "https://evil.example/", "contacts"]) {
      expect(magicLinkSchema.safeParse({ email: "a@b.co", callbackUrl }).success).toBe(false);
    }
    expect(magicLinkSchema.safeParse({ email: "not-an-address" }).success).toBe(false);
  });

  it("send a provider sign-in home when its callback is foreign, and refuse unknown providers", () => {
    expect(providerSignInSchema.parse({ provider: "github", callbackUrl: "//evil.example" })).toEqual({
      provider: "github",
      callbackUrl: undefined,
    });
    expect(providerSignInSchema.parse({ provider: "google", callbackUrl: "/billing" }).callbackUrl).toBe(
      "/billing",
    );
    expect(providerSignInSchema.safeParse({ provider: "facebook" }).success).toBe(false);
  });
});
