import { userRoute } from "@/lib/api/route";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { apiKeyIdParams } from "@/lib/validations/api-key";

/** Revokes at once; the key's row stays, with when, in the list. */
export const DELETE = userRoute(
  { permission: "manage_integrations", params: apiKeyIdParams },
  async ({ actor, params }) => revokeApiKey(actor, params.id),
);
