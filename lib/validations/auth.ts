import { z } from "zod";

/** Only paths of this site: never another origin (`//host` or `https://...`). */
const callbackUrl = z
  .string()
  .refine((url) => url.startsWith("/") && !url.startsWith("//"), "Invalid callback URL")
  .optional();

export const magicLinkSchema = z.object({
  email: z.email().max(320),
  callbackUrl,
});

export const providerSignInSchema = z.object({
  provider: z.enum(["google", "github"]),
  // A foreign or malformed callback falls back to home rather than failing the sign-in.
  callbackUrl: callbackUrl.catch(undefined),
});
