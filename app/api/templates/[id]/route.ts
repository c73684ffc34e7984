import { userRoute } from "@/lib/api/route";
import { deleteTemplate } from "@/lib/templates/delete-template";
import { updateTemplate } from "@/lib/templates/update-template";
import { templateIdParams, updateTemplateSchema } from "@/lib/validations/template";

export const PUT = userRoute(
  { permission: "write", params: templateIdParams, body: updateTemplateSchema },
  async ({ actor, params, body }) => updateTemplate(actor.workspace.id, params.id, body),
);

export const DELETE = userRoute(
  { permission: "write", params: templateIdParams },
  async ({ actor, params }) => {
    await deleteTemplate(actor.workspace.id, params.id);
  },
);
