import { apiKeyRoute } from "@/lib/api/api-key-route";
import { createContactOperation, listContactsOperation } from "@/lib/api/v1/contact-operations";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { createContact } from "@/lib/contacts/create-contact";
import { listContactsPage } from "@/lib/contacts/list-contacts-page";
import { getGroup } from "@/lib/groups/get-group";

export const GET = apiKeyRoute(listContactsOperation, async ({ actor, query }) => {
  // ?groupId=: another workspace's group, like an unknown one, is a 404.
  if (query.groupId) await getGroup(actor.workspace.id, query.groupId);
  return pageAnswer(await listContactsPage(actor.workspace.id, query));
});

export const POST = apiKeyRoute(createContactOperation, async ({ actor, body }) =>
  createContact(actor, body),
);
