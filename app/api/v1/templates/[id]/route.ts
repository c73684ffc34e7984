import { apiKeyRoute } from "@/lib/api/api-key-route";
import { deleteTemplateOperation } from "@/lib/api/v1/other-operations";
import { deleteTemplate } from "@/lib/templates/delete-template";

export const DELETE = apiKeyRoute(deleteTemplateOperation, async ({ actor, params }) => {
  await deleteTemplate(actor.workspace.id, params.id);
});
