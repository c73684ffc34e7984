import "server-only";
import { desc } from "drizzle-orm";
import { db } from "@/lib/db";
import { outboxMessages } from "@/db/schema";

export async function listOutboxMessages(limit = 100) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
}
