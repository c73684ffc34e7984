import { publicRoute } from "@/lib/api/route";
import { changePreferences } from "@/lib/preferences/change-preferences";
import { preferencesActionSchema, preferencesTokenParams } from "@/lib/validations/preferences";

/**
 * One choice of a contact's preferences page (the link's token is the permission, no session):
 * its choices, language, stop or resume, e-mail back, calls asked back, or "forget me".
 * Same-site only; a link that grants nothing is a 404; rate-limited per link.
 */
export const POST = publicRoute(
  { params: preferencesTokenParams, body: preferencesActionSchema },
  async ({ params, body }) => changePreferences(params.token, body),
);
