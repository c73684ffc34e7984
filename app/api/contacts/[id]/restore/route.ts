import { userRoute } from "@/lib/api/route";
import { restoreContactIntoGroups } from "@/lib/groups/restore-contact-into-groups";
import { contactIdParams } from "@/lib/validations/contact";

/** Undo of a deletion, within the undo window (with the contact's group memberships). */
export const POST = userRoute({ permission: "write", params: contactIdParams }, async ({ actor, params }) =>
  restoreContactIntoGroups(actor, params.id),
);
