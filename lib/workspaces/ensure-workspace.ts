import "server-only";
import { eq } from "drizzle-orm";
import { users, workspaceMembers, workspaces, type User, type Workspace } from "@/db/schema";
import { db, type Transaction } from "@/lib/db";
import type { Actor } from "./actor";
import { freePlanState, trialPlanState } from "./plan-state";

/** What a workspace is called until its owner renames it: the person's name, else their address's name. */
export function defaultWorkspaceName(user: Pick<User, "firstName" | "lastName" | "name" | "email">): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return (full || user.name?.trim() || user.email.split("@")[0]).slice(0, 100);
}

/**
 * Makes `user` a workspace of their own, as its owner, and makes it the one they act in. At
 * sign-up (`trial`) it has the person's own id, as every workspace made from an account before
 * teams existed has. A person who later loses their last workspace gets one on the free plan.
 */
export async function createOwnWorkspace(
  tx: Transaction,
  user: User,
  plan: "trial" | "free",
  now = new Date(),
): Promise<Workspace> {
  const [workspace] = await tx
    .insert(workspaces)
    .values({
      ...(plan === "trial" ? { id: user.id, ...trialPlanState(now) } : freePlanState(now, "active")),
      name: defaultWorkspaceName(user),
    })
    .returning();
  await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: user.id, role: "owner" });
  await tx.update(users).set({ currentWorkspaceId: workspace.id }).where(eq(users.id, user.id));
  return workspace;
}

/**
 * The actor of a person who belongs to no workspace (their last one was deleted, or they left
 * it): a new one of their own on the free plan. Taken under a lock on the person's row, so two
 * requests at once make one.
 */
export async function ensureWorkspace(user: User, now = new Date()): Promise<Actor> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [existing] = await tx
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, user.id))
      .limit(1);
    if (existing) return { user, workspace: existing.workspace, role: existing.role as Actor["role"] };
    const workspace = await createOwnWorkspace(tx, user, "free", now);
    return { user: { ...user, currentWorkspaceId: workspace.id }, workspace, role: "owner" };
  });
}
