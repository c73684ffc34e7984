"use server";

import { z } from "zod";
import { userAction } from "@/lib/actions/user-action";
import { createPortalSession } from "@/lib/payments/create-portal-session";

const portal = userAction(z.object({}), (_input, user) => createPortalSession(user));

/** The signed-in user's own Stripe billing portal. */
export async function openBillingPortal() {
  return portal({});
}
