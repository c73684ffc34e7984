import { PERMISSIONS } from "@/config/roles";

/**
 * Who a workspace's failure alert goes to: its members who can act on a failure (change the
 * reminder, the contact, the plan), each only while their own `users.failure_alerts` is on.
 * Viewers read the activity page instead.
 */
export const ALERTED_ROLES: readonly string[] = PERMISSIONS.write;
