import type { WorkspaceRole } from "@/db/schema/enums";

/** A member as the Team screen and GET /api/v1/members list them. */
export interface MemberView {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
}
