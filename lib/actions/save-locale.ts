"use server";

import { userAction } from "@/lib/actions/user-action";
import { updateUserLocale } from "@/lib/users/update-user-locale";
import { saveLocaleSchema } from "@/lib/validations/settings";

/** Called by the header's language select when signed in; the cookie is set by the client. */
export const saveLocale = userAction("read", saveLocaleSchema, async ({ locale }, actor) => {
  await updateUserLocale(actor.user.id, locale);
  return { locale };
});
