import { userRoute } from "@/lib/api/route";
import { importContactsIntoGroups } from "@/lib/groups/import-contacts-into-groups";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { importBodySchema } from "@/lib/validations/contact-import";

// The rows, each maybe naming its groups, and with `groupId` or `newGroupName` the group every
// contact goes into (all in the import's transaction).
export const POST = userRoute(
  { permission: "write", body: importBodySchema, rateLimit: RATE_LIMITS.import },
  async ({ actor, body }) => importContactsIntoGroups(actor, body),
);
