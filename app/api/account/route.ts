import { userRoute } from "@/lib/api/route";
import { expireSessionCookies } from "@/lib/auth/session-cookie";
import { deleteAccount } from "@/lib/account/delete-account";
import { deleteAccountSchema } from "@/lib/validations/account";

/**
 * DELETE /api/account: deletes the signed-in person's account (whatever their role: it is their
 * own) and signs them out.
 */
export const DELETE = userRoute(
  { permission: "read", body: deleteAccountSchema },
  async ({ actor, body }) => {
    const result = await deleteAccount(actor.user, body);
    const response = Response.json(result);
    expireSessionCookies(response.headers);
    return response;
  },
);
