import { userRoute } from "@/lib/api/route";
import { createTemplate } from "@/lib/templates/create-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { createTemplateSchema } from "@/lib/validations/template";

export const GET = userRoute({ permission: "read" }, async ({ actor }) =>
  listTemplates(actor.workspace.id, actor.user.locale),
);

export const POST = userRoute(
  { permission: "write", body: createTemplateSchema, status: 201 },
  async ({ actor, body }) => createTemplate(actor, body),
);
