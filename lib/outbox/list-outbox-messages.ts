import { desc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { outboxMessages } from "@/db/schema";

export async function listOutboxMessages(limit = 100) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
}

export async function getOutboxMessage(id: number) {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row ?? null;
}
