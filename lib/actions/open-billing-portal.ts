"use server";

import { z } from "zod";
import { userAction } from "@/lib/actions/user-action";
import { createPortalSession } from "@/lib/payments/create-portal-session";

/** The Stripe billing portal of the workspace's customer; `seats` opens its members' quantity. */
export const openBillingPortal = userAction(
  "manage_billing",
  z.object({ seats: z.boolean().optional() }).strict(),
  (input, actor) => createPortalSession(actor, input),
);
