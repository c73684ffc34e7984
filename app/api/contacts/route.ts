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
// ?groupId= lists that group's members; another workspace's group, like an unknown one, is a 404.
export const GET = userRoute(
  { permission: "read", query: contactListFilterSchema },
  async ({ actor, query }) => {
    if (query.groupId) await getGroup(actor.workspace.id, query.groupId);
    return jsonTextResponse(
      await listContactsJson(actor.workspace.id, toLocale(actor.user.locale), query.groupId),
    );
  },
);

// The body is checked by the contact schema built for the person's phone region.
export const POST = userRoute(
  { permission: "write", body: z.record(z.string(), z.unknown()), status: 201 },
  async ({ actor, body }) => createContact(actor, contactSchemaFor(actor.user).parse(body)),
);
