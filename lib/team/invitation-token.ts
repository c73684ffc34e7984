import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** A new invitation link's secret (32 random bytes) and the hash kept of it. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

/** The stored form of a token: a leaked table gives no working link. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The accept page of an invitation, on the app's public origin. */
export function invitationUrl(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}/invitations/${token}`;
}
