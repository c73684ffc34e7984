"use server";

import { userAction } from "@/lib/actions/user-action";
import { toLocale } from "@/i18n/locales";
import { listContactOptions } from "@/lib/reminders/list-contact-options";
import { contactOptionsInputSchema } from "@/lib/validations/contact-options";

/**
 * The workspace's contacts for the reminder dialog, read when the dashboard opens it, so
 * the dashboard does not carry every contact in each render.
 */
export const loadContactOptions = userAction("read", contactOptionsInputSchema, async (_input, actor) =>
  listContactOptions(actor.workspace.id, toLocale(actor.user.locale)),
);
