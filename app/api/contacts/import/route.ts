import { userRoute } from "@/lib/api/route";
import { importContactsIntoGroup } from "@/lib/groups/import-contacts-into-group";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { importBodySchema } from "@/lib/validations/contact-import";

// The rows, and with `groupId` or `newGroupName` the group they go into (in the same transaction).
export const POST = userRoute(
  { permission: "write", body: importBodySchema, rateLimit: RATE_LIMITS.import },
  async ({ actor, body }) => importContactsIntoGroup(actor, body),
);
