import "server-only";
import { eq } from "drizzle-orm";
import { workspaces, type Workspace } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import type { Actor } from "./actor";

/**
 * The workspace row, locked for the rest of the transaction: writes that count against its plan
 * (contacts, reminders, uploads, members) queue here, whichever member makes them, so two of
 * them at once never both take the last unit.
 */
export async function lockWorkspace(tx: Transaction, workspaceId: string): Promise<Workspace> {
  const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  if (!workspace) throw notFound();
  return workspace;
}

/** The actor with its workspace locked and read afresh (the plan counters as they are now). */
export async function lockActorWorkspace(tx: Transaction, actor: Actor): Promise<Actor> {
  return { ...actor, workspace: await lockWorkspace(tx, actor.workspace.id) };
}
