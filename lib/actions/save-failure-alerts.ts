"use server";

import { userAction } from "@/lib/actions/user-action";
import { updateFailureAlerts } from "@/lib/users/update-failure-alerts";
import { failureAlertsSchema } from "@/lib/validations/delivery";

/** The settings page's 'E-mail me when a reminder cannot be sent' switch: the person's own. */
export const saveFailureAlerts = userAction("read", failureAlertsSchema, async ({ failureAlerts }, actor) =>
  updateFailureAlerts(actor.user.id, failureAlerts),
);
