import { apiKeyRoute } from "@/lib/api/api-key-route";
import { createContactOperation, listContactsOperation } from "@/lib/api/v1/contact-operations";
import { pageAnswer } from "@/lib/api/v1/page-answer";
import { createContact } from "@/lib/contacts/create-contact";
import { listContactsPage } from "@/lib/contacts/list-contacts-page";

export const GET = apiKeyRoute(listContactsOperation, async ({ user, query }) =>
  pageAnswer(await listContactsPage(user.id, query)),
);

export const POST = apiKeyRoute(createContactOperation, async ({ user, body }) => createContact(user, body));
