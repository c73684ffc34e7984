import { userRoute } from "@/lib/api/route";
import { listGroupMembers } from "@/lib/reminders/list-group-members";
import { reminderIdParamsSchema, reminderMembersQuerySchema } from "@/lib/validations/reminder";

/**
 * A group reminder's members by name, each with its steps of the latest occurrence, and that
 * occurrence's totals; further pages with ?cursor= (the answer's `nextCursor`).
 */
export const GET = userRoute(
  { params: reminderIdParamsSchema, query: reminderMembersQuerySchema },
  async ({ user, params, query }) => listGroupMembers(user.id, params.id, query),
);
