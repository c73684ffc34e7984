import { z } from "zod";

/** Any token-shaped text: one this server did not issue is a 404 like any other, never a 400. */
export const playbackTokenParams = z.object({ token: z.string().min(1).max(200) });

export const mediaIdParams = z.object({ id: z.string().min(1).max(64) });

export const deliveryIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
