"use server";

import { userAction } from "@/lib/actions/user-action";
import { readQuickAdd } from "@/lib/reminders/read-quick-add";
import { quickAddInputSchema } from "@/lib/validations/quick-add";

/**
 * A quick-add line read into a reminder draft on the server, where the user's zone, contacts
 * and clock are (and the date reader stays out of the browser's bundle).
 */
export const readQuickAddLine = userAction("read", quickAddInputSchema, async ({ text, locale }, actor) =>
  readQuickAdd(actor, text, locale),
);
