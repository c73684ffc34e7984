import { apiKeyRoute } from "@/lib/api/api-key-route";
import { deleteTemplateOperation } from "@/lib/api/v1/other-operations";
import { deleteTemplate } from "@/lib/templates/delete-template";

export const DELETE = apiKeyRoute(deleteTemplateOperation, async ({ user, params }) => {
  await deleteTemplate(user.id, params.id);
});
