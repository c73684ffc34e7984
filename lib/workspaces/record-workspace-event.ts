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

/** Someone outside the team who acted in person: a contact on their preferences page. */
export interface OutsideActor {
  /** Their name as the workspace knows it (the contact's), kept as it was then. */
  outsiderName: string;
}

const actorNameOf = (actor: Actor | OutsideActor | null) => {
  if (!actor) return null;
  if ("outsiderName" in actor) return actor.outsiderName;
  return displayName(actor.user) || actor.user.email;
};

/**
 * One line of the workspace's activity trail: who (the actor, and the API key they used) did
 * what. Written in the caller's transaction, so a change and its line commit together. `actor`
 * null: nobody did it in person (a payment provider's event, the engine); an outsider has a name
 * but no account.
 */
export async function recordWorkspaceEvent(
  client: DbOrTx,
  workspaceId: string,
  actor: Actor | OutsideActor | null,
  event: WorkspaceEventInput,
  now = new Date(),
): Promise<void> {
  const member = actor && "user" in actor ? actor : null;
  await client.insert(workspaceEvents).values({
    workspaceId,
    actorId: member?.user.id ?? null,
    actorName: actorNameOf(actor),
    apiKeyId: member?.apiKeyId ?? null,
    kind: event.kind,
    subjectId: event.subjectId ?? null,
    details: event.details ?? {},
    createdAt: now,
  });
}
