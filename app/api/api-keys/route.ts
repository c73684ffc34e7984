import { userRoute } from "@/lib/api/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { createApiKeySchema } from "@/lib/validations/api-key";

export const GET = userRoute({}, async ({ user }) => listApiKeys(user.id));

/** The answer carries the key itself, this once. */
export const POST = userRoute({ body: createApiKeySchema, status: 201 }, async ({ user, body }) =>
  createApiKey(user.id, body),
);
