import { apiKeyRoute } from "@/lib/api/api-key-route";
import {
  deleteContactOperation,
  getContactOperation,
  updateContactOperation,
} from "@/lib/api/v1/contact-operations";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { getContact } from "@/lib/contacts/get-contact";
import { updateContact } from "@/lib/contacts/update-contact";

export const GET = apiKeyRoute(getContactOperation, async ({ user, params }) =>
  getContact(user.id, params.id),
);

export const PATCH = apiKeyRoute(updateContactOperation, async ({ user, params, body }) =>
  updateContact(user, params.id, body),
);

export const DELETE = apiKeyRoute(deleteContactOperation, async ({ user, params }) => {
  await deleteContact(user.id, params.id);
});
