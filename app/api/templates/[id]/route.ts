import { userRoute } from "@/lib/api/route";
import { deleteTemplate } from "@/lib/templates/delete-template";
import { updateTemplate } from "@/lib/templates/update-template";
import { templateIdParams, updateTemplateSchema } from "@/lib/validations/template";

export const PUT = userRoute(
  { params: templateIdParams, body: updateTemplateSchema },
  async ({ user, params, body }) => updateTemplate(user.id, params.id, body),
);

export const DELETE = userRoute({ params: templateIdParams }, async ({ user, params }) => {
  await deleteTemplate(user.id, params.id);
});
