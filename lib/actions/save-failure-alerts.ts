"use server";

import { userAction } from "@/lib/actions/user-action";
import { updateFailureAlerts } from "@/lib/users/update-failure-alerts";
import { failureAlertsSchema } from "@/lib/validations/delivery";

/** The settings page's 'E-mail me when a reminder cannot be sent' switch. */
export const saveFailureAlerts = userAction(failureAlertsSchema, async ({ failureAlerts }, user) =>
  updateFailureAlerts(user.id, failureAlerts),
);
