import { userRoute } from "@/lib/api/route";
import { attachAvatar } from "@/lib/contacts/attach-avatar";
import { avatarBodySchema, contactIdParams } from "@/lib/validations/contact";

export const PUT = userRoute(
  { params: contactIdParams, body: avatarBodySchema },
  async ({ user, params, body }) => attachAvatar(user.id, params.id, body.avatarUrl),
);
