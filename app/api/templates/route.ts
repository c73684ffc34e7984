import { userRoute } from "@/lib/api/route";
import { createTemplate } from "@/lib/templates/create-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { createTemplateSchema } from "@/lib/validations/template";

export const GET = userRoute({}, async ({ user }) => listTemplates(user.id, user.locale));

export const POST = userRoute({ body: createTemplateSchema, status: 201 }, async ({ user, body }) =>
  createTemplate(user, body),
);
