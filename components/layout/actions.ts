"use server";

import { userAction } from "@/lib/actions/user-action";
import { updateUserLocale } from "@/lib/users/update-user-locale";
import { updateUserTimeZone } from "@/lib/users/update-user-time-zone";
import { saveLocaleSchema, saveTimeZoneSchema } from "@/lib/validations/settings";

/** Called by the header's language select when signed in; the cookie is set by the client. */
export const saveLocale = userAction(saveLocaleSchema, async ({ locale }, user) => {
  await updateUserLocale(user.id, locale);
  return { locale };
});

/** Called by the shell's offer when the browser's time zone differs from the account's. */
export const saveTimeZone = userAction(saveTimeZoneSchema, async ({ timezone }, user) =>
  updateUserTimeZone(user.id, timezone),
);
