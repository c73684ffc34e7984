import { userRoute } from "@/lib/api/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { createApiKeySchema } from "@/lib/validations/api-key";

export const GET = userRoute({ permission: "read" }, async ({ actor }) => listApiKeys(actor.workspace.id));

/** The answer carries the key itself, this once. */
export const POST = userRoute(
  { permission: "manage_integrations", body: createApiKeySchema, status: 201 },
  async ({ actor, body }) => createApiKey(actor, body),
);
