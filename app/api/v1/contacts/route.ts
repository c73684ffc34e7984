import { apiKeyRoute } from "@/lib/api/api-key-route";
import { createContactOperation, listContactsOperation } from "@/lib/api/v1/contact-operations";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { createContact } from "@/lib/contacts/create-contact";
import { listContactsPage } from "@/lib/contacts/list-contacts-page";
import { getGroup } from "@/lib/groups/get-group";

export const GET = apiKeyRoute(listContactsOperation, async ({ user, query }) => {
  // ?groupId=: another user's group, like an unknown one, is a 404.
  if (query.groupId) await getGroup(user.id, query.groupId);
  return pageAnswer(await listContactsPage(user.id, query));
});

export const POST = apiKeyRoute(createContactOperation, async ({ user, body }) => createContact(user, body));
