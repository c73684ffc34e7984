import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { db } from "@/lib/db";

/** The settings switch for failure alert e-mails; pending alerts also check it when they run. */
export async function updateFailureAlerts(
  userId: string,
  enabled: boolean,
): Promise<{ failureAlerts: boolean }> {
  await db.update(users).set({ failureAlerts: enabled }).where(eq(users.id, userId));
  return { failureAlerts: enabled };
}
