import { apiKeyRoute } from "@/lib/api/api-key-route";
import {
  deleteContactOperation,
  getContactOperation,
  updateContactOperation,
} from "@/lib/api/v1/contact-operations";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { getContact } from "@/lib/contacts/get-contact";
import { updateContact } from "@/lib/contacts/update-contact";

export const GET = apiKeyRoute(getContactOperation, async ({ actor, params }) =>
  getContact(actor.workspace.id, params.id),
);

export const PATCH = apiKeyRoute(updateContactOperation, async ({ actor, params, body }) =>
  updateContact(actor, params.id, body),
);

export const DELETE = apiKeyRoute(deleteContactOperation, async ({ actor, params }) => {
  await deleteContact(actor, params.id);
});
