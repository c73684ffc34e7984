import type { WorkspaceRole } from "@/db/schema/enums";

/**
 * What each role may do in a workspace: the one table every route, server action and API call is
 * checked against (lib/workspaces/authorize.ts), and the one the screens read to show or hide
 * controls. docs/team.md says it in words.
 */
export const PERMISSIONS = {
  /** Everything a workspace holds, read. */
  read: ["owner", "admin", "member", "viewer"],
  /** Contacts, groups, reminders, templates, recordings: create, change, send, delete. */
  write: ["owner", "admin", "member"],
  /** Invite, remove and change the role of members. */
  manage_members: ["owner", "admin"],
  /** API keys and webhook endpoints. */
  manage_integrations: ["owner", "admin"],
  /** The workspace's name and sender identity. */
  manage_settings: ["owner", "admin"],
  /** Plans, seats, credits, payment method, invoices. */
  manage_billing: ["owner"],
  /** Delete the workspace, transfer its ownership. */
  own: ["owner"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What one role may do, permission by permission (lib/workspaces/permissions-of.ts fills it). */
export type Can = Record<Permission, boolean>;

/** Roles from strongest to weakest: an API key acts with its creator's role at most. */
export const ROLE_RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, member: 1, viewer: 0 };
