import "server-only";
import { z } from "zod";
import { contactSchemaFor } from "@/lib/contacts/contact-schema-for";
import { buildContactSchema, updateContactBodySchema } from "@/lib/validations/contact";
import { cursorQuery, idParams } from "./common-schemas";
import { defineOperation } from "./operation";
import { contactPageSchema, contactSchema } from "./resource-schemas";

export const contactListQuerySchema = z
  .object({
    ...cursorQuery,
    limit: z.coerce.number().int().min(1).max(100).default(50),
    groupId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "Only this group's members (another account's group, or an unknown one: 404)." }),
  })
  .strict();

export const listContactsOperation = defineOperation({
  operationId: "listContacts",
  method: "GET",
  path: "/contacts",
  tag: "Contacts",
  summary: "List contacts",
  description: "Newest first, with their dates and groups.",
  query: contactListQuerySchema,
  response: contactPageSchema,
  errors: [404],
});

export const getContactOperation = defineOperation({
  operationId: "getContact",
  method: "GET",
  path: "/contacts/{id}",
  tag: "Contacts",
  summary: "Get a contact",
  params: idParams,
  response: contactSchema,
});

export const createContactOperation = defineOperation({
  operationId: "createContact",
  method: "POST",
  path: "/contacts",
  tag: "Contacts",
  summary: "Create a contact",
  description:
    "An email or a phone is required. A national phone number is read in your account's region; " +
    "it is stored in E.164. Your plan's contact limit applies (403 `contact_limit`); a contact with " +
    "the same email or phone is a 409.",
  body: buildContactSchema().meta({ id: "ContactInput" }),
  bodyFor: (actor) => contactSchemaFor(actor.user),
  response: contactSchema,
  status: 201,
  errors: [409],
});

export const updateContactOperation = defineOperation({
  operationId: "updateContact",
  method: "PATCH",
  path: "/contacts/{id}",
  tag: "Contacts",
  summary: "Update a contact",
  description:
    "The given fields replace the stored ones (null or an empty string clears an optional one); " +
    "`dates`, when given, replaces the contact's dates. The result is checked as a new contact is.",
  params: idParams,
  body: updateContactBodySchema.meta({ id: "ContactUpdate" }),
  response: contactSchema,
  errors: [409],
});

export const deleteContactOperation = defineOperation({
  operationId: "deleteContact",
  method: "DELETE",
  path: "/contacts/{id}",
  tag: "Contacts",
  summary: "Delete a contact",
  description: "Its reminders and their delivery history go with it.",
  params: idParams,
});
