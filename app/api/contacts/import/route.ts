import { userRoute } from "@/lib/api/route";
import { importContacts } from "@/lib/contacts/import-contacts";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { importBodySchema } from "@/lib/validations/contact-import";

export const POST = userRoute(
  { body: importBodySchema, rateLimit: RATE_LIMITS.import },
  async ({ user, body }) => importContacts(user, body.rows),
);
