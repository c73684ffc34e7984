import { userRoute } from "@/lib/api/route";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie";
import { deleteAccount } from "@/lib/users/delete-account";
import { deleteAccountSchema } from "@/lib/validations/account";

/** DELETE /api/account: deletes the signed-in user's account and signs them out. */
export const DELETE = userRoute({ body: deleteAccountSchema }, async ({ user, body }) => {
  const result = await deleteAccount(user, body);
  const response = Response.json(result);
  for (const name of SESSION_COOKIES) {
    response.headers.append("set-cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  }
  return response;
});
