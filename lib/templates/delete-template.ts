import "server-only";
import { and, eq } from "drizzle-orm";
import { messageTemplates } from "@/db/schema";
import { db } from "@/lib/db";
import { isTemplateId, templateNotFound } from "./template-errors";

/** DELETE /api/templates/{id}: another user's template, like an unknown one, is a 404. */
export async function deleteTemplate(workspaceId: string, id: string): Promise<void> {
  if (!isTemplateId(id)) throw templateNotFound();
  const deleted = await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.workspaceId, workspaceId)))
    .returning({ id: messageTemplates.id });
  if (deleted.length === 0) throw templateNotFound();
}
