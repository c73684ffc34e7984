import { z } from "zod";

export const magicLinkSchema = z.object({
  email: z.email().max(320),
  callbackUrl: z
    .string()
    .refine((url) => url.startsWith("/") && !url.startsWith("//"), "Invalid callback URL")
    .optional(),
});
