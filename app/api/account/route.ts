import { userRoute } from "@/lib/api/route";
import { expireSessionCookies } from "@/lib/auth/session-cookie";
import { deleteAccount } from "@/lib/account/delete-account";
import { deleteAccountSchema } from "@/lib/validations/account";

/** DELETE /api/account: deletes the signed-in user's account and signs them out. */
export const DELETE = userRoute({ body: deleteAccountSchema }, async ({ user, body }) => {
  const result = await deleteAccount(user, body);
  const response = Response.json(result);
  expireSessionCookies(response.headers);
  return response;
});
