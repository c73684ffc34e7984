import { z } from "zod";
import { API_KEY_SCOPES } from "@/db/schema/enums";

/** POST /api/api-keys: a name to tell keys apart and what the key may do ("write" includes read). */
export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(100),
    scope: z.enum(API_KEY_SCOPES).default("read"),
  })
  .strict();

export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

/** Ids are opaque text: an unknown one is a 404, not a validation error. */
export const apiKeyIdParams = z.object({ id: z.string().min(1).max(100) });
