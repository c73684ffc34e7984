import { userRoute } from "@/lib/api/route";
import { restoreContact } from "@/lib/contacts/restore-contact";
import { contactIdParams } from "@/lib/validations/contact";

/** Undo of a deletion, within the undo window. */
export const POST = userRoute({ params: contactIdParams }, async ({ user, params }) =>
  restoreContact(user.id, params.id),
);
