import { userRoute } from "@/lib/api/route";
import { updateUserSchema } from "@/lib/validations/user";
import { toPublicUser } from "@/lib/users/to-public-user";
import { updateUserProfile } from "@/lib/users/update-user-profile";

export const GET = userRoute({}, async ({ user }) => toPublicUser(user));

export const PATCH = userRoute({ body: updateUserSchema }, async ({ user, body }) =>
  updateUserProfile(user.id, body),
);
