"use server";

import { userAction } from "@/lib/actions/user-action";
import { updateUserTimeZone } from "@/lib/users/update-user-time-zone";
import { saveTimeZoneSchema } from "@/lib/validations/settings";

/** Called by the shell's offer when the browser's time zone differs from the account's. */
export const saveTimeZone = userAction("read", saveTimeZoneSchema, async ({ timezone }, actor) =>
  updateUserTimeZone(actor.user.id, timezone),
);
