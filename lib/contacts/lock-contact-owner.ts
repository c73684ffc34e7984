import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import type { Transaction } from "@/lib/db";

/**
 * Locks the owner's row for the rest of the transaction, so that concurrent creates for
 * one user run one after another: the count they check is the count they insert against.
 */
export async function lockContactOwner(tx: Transaction, userId: string) {
  const [owner] = await tx
    .select({ id: users.id, planType: users.planType })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!owner) throw notFound("User not found");
  return owner;
}
