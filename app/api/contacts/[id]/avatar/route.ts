import { userRoute } from "@/lib/api/route";
import { attachAvatar } from "@/lib/contacts/attach-avatar";
import { avatarBodySchema, contactIdParams } from "@/lib/validations/contact";

export const PUT = userRoute(
  { permission: "write", params: contactIdParams, body: avatarBodySchema },
  async ({ actor, params, body }) => attachAvatar(actor.workspace.id, params.id, body.avatarUrl),
);
