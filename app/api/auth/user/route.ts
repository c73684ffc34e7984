import { userRoute } from "@/lib/api/route";
import { updateUserSchema } from "@/lib/validations/user";
import { updateUserProfile } from "@/lib/users/update-user-profile";
import { toPublicUser } from "@/lib/workspaces/to-public-user";

export const GET = userRoute({ permission: "read" }, async ({ actor }) => toPublicUser(actor));

// The person's own profile: every role may change it.
export const PATCH = userRoute({ permission: "read", body: updateUserSchema }, async ({ actor, body }) =>
  toPublicUser({ ...actor, user: await updateUserProfile(actor.user.id, body) }),
);
