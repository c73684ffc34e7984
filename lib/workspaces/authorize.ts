import "server-only";
import { PERMISSIONS, type Permission } from "@/config/roles";
import type { WorkspaceRole } from "@/db/schema/enums";
import { forbidden } from "@/lib/errors/domain-error";
import type { Actor } from "./actor";

/** Whether `role` may do what `permission` names (config/roles.ts). */
export function isPermitted(role: WorkspaceRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly WorkspaceRole[]).includes(role);
}

/** Refuses (403 `role_forbidden`) an actor whose role does not carry `permission`. */
export function authorize(actor: Actor, permission: Permission): void {
  if (!isPermitted(actor.role, permission))
    throw forbidden(
      { code: "role_forbidden", message: "Your role in this workspace does not allow this" },
      { permission, role: actor.role },
    );
}
