import "server-only";
import { domainToASCII } from "node:url";
import type { User } from "@/db/schema";
import { buildContactSchema } from "@/lib/validations/contact";
import { phoneRegionOf } from "@/lib/validations/phone";

/** The contact schema as the server applies it for this user. */
export function contactSchemaFor(user: Pick<User, "phone" | "timezone">) {
  return buildContactSchema({ defaultCountry: phoneRegionOf(user), asciiDomain: domainToASCII });
}
