import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { outboxMessages } from "@/db/schema";

/** One message of the dev outbox, or null. */
export async function getOutboxMessage(id: number) {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row ?? null;
}
