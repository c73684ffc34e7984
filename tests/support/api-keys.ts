import type { ApiKeyScope } from "@/db/schema/enums";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { callRoute, type CallOptions } from "./call-route";
import { createSignedInUser } from "./users";

type Handler = Parameters<typeof callRoute>[0];

/** A signed-in user with an API key of `scope` (the key itself, as shown once). */
export async function createKeyHolder(
  scope: ApiKeyScope = "write",
  overrides: Parameters<typeof createSignedInUser>[0] = {},
) {
  const holder = await createSignedInUser(overrides);
  const created = await createApiKey(holder.actor, { name: `${scope} key`, scope });
  return { ...holder, key: created.key, apiKeyId: created.id };
}

/** Calls a v1 route handler with `Authorization: Bearer <key>`. */
export function callV1<T = Record<string, unknown>>(
  handler: Handler,
  path: string,
  key: string | null,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  return callRoute<T>(handler, `/api/v1${path}`, { ...options, headers });
}
