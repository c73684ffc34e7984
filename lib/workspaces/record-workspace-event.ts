import "server-only";
import { workspaceEvents } from "@/db/schema";
import type { WorkspaceEventKind } from "@/db/schema/enums";
import type { DbOrTx } from "@/lib/db";
import { displayName } from "@/lib/users/display-name";
import type { Actor } from "./actor";

export interface WorkspaceEventInput {
  kind: WorkspaceEventKind;
  /** The record acted on, when there is one. */
  subjectId?: string | null;
  /** What the trail shows of it (names, roles, counts): kept as they were then. */
  details?: Record<string, string | number | boolean | null>;
}

/**
 * One line of the workspace's activity trail: who (the actor, and the API key they used) did
 * what. Written in the caller's transaction, so a change and its line commit together. `actor`
 * null: nobody did it in person (a payment provider's event, the engine).
 */
export async function recordWorkspaceEvent(
  client: DbOrTx,
  workspaceId: string,
  actor: Actor | null,
  event: WorkspaceEventInput,
  now = new Date(),
): Promise<void> {
  await client.insert(workspaceEvents).values({
    workspaceId,
    actorId: actor?.user.id ?? null,
    actorName: actor ? displayName(actor.user) || actor.user.email : null,
    apiKeyId: actor?.apiKeyId ?? null,
    kind: event.kind,
    subjectId: event.subjectId ?? null,
    details: event.details ?? {},
    createdAt: now,
  });
}
