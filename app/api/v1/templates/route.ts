import { apiKeyRoute } from "@/lib/api/api-key-route";
import { createTemplateOperation, listTemplatesOperation } from "@/lib/api/v1/other-operations";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { createTemplate } from "@/lib/templates/create-template";
import { listTemplates } from "@/lib/templates/list-templates";

export const GET = apiKeyRoute(listTemplatesOperation, async ({ actor }) =>
  pageAnswer({ items: await listTemplates(actor.workspace.id, actor.user.locale), nextCursor: null }),
);

export const POST = apiKeyRoute(createTemplateOperation, async ({ actor, body }) =>
  createTemplate(actor, body),
);
