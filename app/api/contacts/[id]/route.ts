import { userRoute } from "@/lib/api/route";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { contactIdParams, updateContactBodySchema } from "@/lib/validations/contact";

export const PUT = userRoute(
  { permission: "write", params: contactIdParams, body: updateContactBodySchema },
  async ({ actor, params, body }) => updateContact(actor, params.id, body),
);

export const DELETE = userRoute(
  { permission: "write", params: contactIdParams },
  async ({ actor, params }) => {
    await deleteContact(actor, params.id);
  },
);
