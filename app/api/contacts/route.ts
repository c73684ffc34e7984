import { z } from "zod";
import { toLocale } from "@/i18n/locales";
import { jsonTextResponse } from "@/lib/api/json-text-response";
import { userRoute } from "@/lib/api/route";
import { createContact } from "@/lib/contacts/create-contact";
import { listContactsJson } from "@/lib/contacts/list-contacts-json";
import { contactSchemaFor } from "@/lib/contacts/contact-schema-for";
import { getGroup } from "@/lib/groups/get-group";
import { contactListFilterSchema } from "@/lib/validations/group";

// The list's JSON is written from the rows directly: the same bytes as serialising listContacts.
// ?groupId= lists that group's members; another user's group, like an unknown one, is a 404.
export const GET = userRoute({ query: contactListFilterSchema }, async ({ user, query }) => {
  if (query.groupId) await getGroup(user.id, query.groupId);
  return jsonTextResponse(await listContactsJson(user.id, toLocale(user.locale), query.groupId));
});

// The body is checked by the contact schema built for this user's phone region.
export const POST = userRoute(
  { body: z.record(z.string(), z.unknown()), status: 201 },
  async ({ user, body }) => createContact(user, contactSchemaFor(user).parse(body)),
);
