import { userRoute } from "@/lib/api/route";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { contactIdParams, updateContactBodySchema } from "@/lib/validations/contact";

export const PUT = userRoute(
  { params: contactIdParams, body: updateContactBodySchema },
  async ({ user, params, body }) => updateContact(user, params.id, body),
);

export const DELETE = userRoute({ params: contactIdParams }, async ({ user, params }) => {
  await deleteContact(user.id, params.id);
});
