import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { messageTemplates } from "@/db/schema";
import { db } from "@/lib/db";
import { templateColumns, type TemplateView } from "./template-view";

/** GET /api/templates: the user's templates, those in `locale` (the user's language) first, by name. */
export async function listTemplates(workspaceId: string, locale: string): Promise<TemplateView[]> {
  return db
    .select(templateColumns)
    .from(messageTemplates)
    .where(eq(messageTemplates.workspaceId, workspaceId))
    .orderBy(sql`${messageTemplates.locale} <> ${locale}`, asc(messageTemplates.name));
}
