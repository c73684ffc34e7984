import "server-only";
import { and, eq } from "drizzle-orm";
import { messageTemplates } from "@/db/schema";
import { db } from "@/lib/db";
import type { UpdateTemplateInput } from "@/lib/validations/template";
import { duplicateNameOr, isTemplateId, templateNotFound } from "./template-errors";
import { templateColumns, type TemplateView } from "./template-view";

/** PUT /api/templates/{id}: another user's template, like an unknown one, is a 404. */
export async function updateTemplate(
  workspaceId: string,
  id: string,
  input: UpdateTemplateInput,
): Promise<TemplateView> {
  if (!isTemplateId(id)) throw templateNotFound();
  const [row] = await db
    .update(messageTemplates)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.workspaceId, workspaceId)))
    .returning(templateColumns)
    .catch(duplicateNameOr);
  if (!row) throw templateNotFound();
  return row;
}
