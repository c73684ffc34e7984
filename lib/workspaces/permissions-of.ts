import "server-only";
import { PERMISSIONS, type Can, type Permission } from "@/config/roles";
import type { WorkspaceRole } from "@/db/schema/enums";
import { isPermitted } from "./authorize";

/**
 * What `role` may do, permission by permission: the map the signed-in pages hand to client
 * screens (components/layout/permissions.tsx), which show a control only where it is true.
 * Hiding a control is a courtesy: every route and action checks the role again (authorize).
 */
export function permissionsOf(role: WorkspaceRole): Can {
  return Object.fromEntries(
    (Object.keys(PERMISSIONS) as Permission[]).map((permission) => [
      permission,
      isPermitted(role, permission),
    ]),
  ) as Can;
}
