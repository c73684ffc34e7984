import { z } from "zod";
import { toLocale } from "@/i18n/locales";
import { jsonTextResponse } from "@/lib/api/json-text-response";
import { userRoute } from "@/lib/api/route";
import { createContact } from "@/lib/contacts/create-contact";
import { listContactsJson } from "@/lib/contacts/list-contacts-json";
import { contactSchemaFor } from "@/lib/contacts/contact-schema-for";

// The list's JSON is written from the rows directly: the same bytes as serialising listContacts.
export const GET = userRoute({}, async ({ user }) =>
  jsonTextResponse(await listContactsJson(user.id, toLocale(user.locale))),
);

// The body is checked by the contact schema built for this user's phone region.
export const POST = userRoute(
  { body: z.record(z.string(), z.unknown()), status: 201 },
  async ({ user, body }) => createContact(user, contactSchemaFor(user).parse(body)),
);
