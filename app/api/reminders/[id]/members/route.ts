import { userRoute } from "@/lib/api/route";
import { listGroupMembers } from "@/lib/reminders/list-group-members";
import { reminderIdParamsSchema, reminderMembersQuerySchema } from "@/lib/validations/reminder";

/**
 * A group reminder's members by name, each with its steps of the latest occurrence, and that
 * occurrence's totals; further pages with ?cursor= (the answer's `nextCursor`).
 */
export const GET = userRoute(
  { permission: "read", params: reminderIdParamsSchema, query: reminderMembersQuerySchema },
  async ({ actor, params, query }) => listGroupMembers(actor.workspace.id, params.id, query),
);
