import { apiKeyRoute } from "@/lib/api/api-key-route";
import { createGroupOperation, listGroupsOperation } from "@/lib/api/v1/group-operations";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { createGroup } from "@/lib/groups/create-group";
import { listGroupsPage } from "@/lib/groups/list-groups-page";

export const GET = apiKeyRoute(listGroupsOperation, async ({ actor, query }) =>
  pageAnswer(await listGroupsPage(actor.workspace.id, query)),
);

export const POST = apiKeyRoute(createGroupOperation, async ({ actor, body }) => createGroup(actor, body));
