import type { WorkspaceEventKind } from "@/db/schema/enums";

/**
 * The activity trail's filter by kind: each group names the kinds of workspace_events it shows
 * (every kind is in exactly one group; tests/unit/trail/trail-kind-groups.test.ts checks it).
 */
export const TRAIL_KIND_GROUPS = {
  reminders: [
    "reminder.created",
    "reminder.updated",
    "reminder.cancelled",
    "reminder.restored",
    "reminder.sent_now",
    "reminder.retried",
  ],
  contacts: [
    "contact.created",
    "contact.updated",
    "contact.deleted",
    "contact.restored",
    "contact.preferences_changed",
    "contacts.imported",
  ],
  groups: ["group.created", "group.renamed", "group.deleted", "group.members_changed"],
  team: [
    "member.invited",
    "invitation.resent",
    "invitation.revoked",
    "member.joined",
    "member.removed",
    "member.left",
    "member.role_changed",
  ],
  integrations: [
    "api_key.created",
    "api_key.revoked",
    "webhook.created",
    "webhook.updated",
    "webhook.deleted",
    "webhook.secret_rotated",
  ],
  billing: [
    "billing.checkout_started",
    "billing.plan_changed",
    "billing.credits_added",
    "billing.seats_changed",
  ],
  workspace: ["workspace.updated", "workspace.ownership_transferred"],
} as const satisfies Record<string, readonly WorkspaceEventKind[]>;

export type TrailKindGroup = keyof typeof TRAIL_KIND_GROUPS;

export const TRAIL_KIND_GROUP_NAMES = Object.keys(TRAIL_KIND_GROUPS) as [TrailKindGroup, ...TrailKindGroup[]];

/** Rows the export reads per statement: it streams the whole filter in keyset pages of this size. */
export const TRAIL_EXPORT_PAGE_SIZE = 500;
