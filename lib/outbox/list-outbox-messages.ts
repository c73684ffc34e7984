import "server-only";
import { desc, eq, isNull, or } from "drizzle-orm";
import { db } from "@/lib/db";
import { outboxMessages } from "@/db/schema";

/** Whose outbox a viewer reads: signed in, their workspace's messages and their own mail. */
export interface OutboxViewer {
  workspaceId: string;
  email: string;
}

/**
 * The newest kept messages. A signed-in viewer sees their current workspace's, those that belong
 * to no workspace (sign-in links) and those addressed to them (an invitation from another
 * workspace); a signed-out one (about to sign in by a link listed here) sees every message.
 */
export async function listOutboxMessages(viewer: OutboxViewer | null, limit = 100) {
  const query = db.select().from(outboxMessages);
  const scoped = viewer
    ? query.where(
        or(
          eq(outboxMessages.workspaceId, viewer.workspaceId),
          isNull(outboxMessages.workspaceId),
          eq(outboxMessages.to, viewer.email),
        ),
      )
    : query;
  return scoped.orderBy(desc(outboxMessages.id)).limit(limit);
}
