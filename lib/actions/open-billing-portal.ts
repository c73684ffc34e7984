"use server";

import { z } from "zod";
import { userAction } from "@/lib/actions/user-action";
import { createPortalSession } from "@/lib/payments/create-portal-session";

/** The signed-in user's own Stripe billing portal. */
export const openBillingPortal = userAction(z.object({}), (_input, user) => createPortalSession(user));
