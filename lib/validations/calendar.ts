import { z } from "zod";

/**
 * The feed route's path segment, `<token>.ics`, read as the token alone. A token is 32 random
 * bytes, base64url without padding (43 characters).
 */
export const calendarFeedParamsSchema = z
  .object({
    file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, "Not a calendar feed address"),
  })
  .transform(({ file }) => ({ token: file.slice(0, -".ics".length) }));

/** The settings card's "Create feed link" / "Regenerate link": no input. */
export const calendarFeedLinkSchema = z.object({}).strict();
