import { apiKeyRoute } from "@/lib/api/api-key-route";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { listMembersOperation } from "@/lib/api/v1/other-operations";
import { listMembers } from "@/lib/team/list-members";

export const GET = apiKeyRoute(listMembersOperation, async ({ actor }) =>
  pageAnswer({ items: await listMembers(actor.workspace.id), nextCursor: null }),
);
