import type { WorkspaceInvitation } from "@/db/schema";
import type { InvitableRole } from "@/db/schema/enums";

/** An invitation as the Team screen lists it (never its token). */
export interface InvitationView {
  id: string;
  email: string;
  role: InvitableRole;
  invitedBy: string | null;
  createdAt: string;
  sentAt: string;
  expiresAt: string;
  /** open: waiting; expired: past its date; the others as they say. */
  status: "open" | "expired" | "accepted" | "revoked";
}

export function invitationStatus(row: WorkspaceInvitation, now = new Date()): InvitationView["status"] {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

export function toInvitationView(
  row: WorkspaceInvitation,
  invitedBy: string | null,
  now = new Date(),
): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role as InvitableRole,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row, now),
  };
}
