import { userRoute } from "@/lib/api/route";
import { listConsentHistory } from "@/lib/contacts/list-consent-history";
import { contactIdParams } from "@/lib/validations/contact";

/** The contact's consent history, newest first (the contact card's "Consent history"). */
export const GET = userRoute({ permission: "read", params: contactIdParams }, async ({ actor, params }) =>
  listConsentHistory(actor.workspace.id, params.id),
);
