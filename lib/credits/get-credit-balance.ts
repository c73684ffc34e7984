import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/** The user's pay-as-you-go balance in cents (0 for an unknown user). */
export async function getCreditBalance(executor: DbOrTx, userId: string): Promise<number> {
  const [row] = await executor
    .select({ balance: users.paygCreditBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row?.balance ?? 0;
}
