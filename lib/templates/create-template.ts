import "server-only";
import { count, eq } from "drizzle-orm";
import { messageTemplates } from "@/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { TEMPLATE_LIMIT, type CreateTemplateInput } from "@/lib/validations/template";
import { duplicateNameOr } from "./template-errors";
import { templateColumns, type TemplateView } from "./template-view";

/**
 * POST /api/templates. The workspace's row is locked while counting, so concurrent saves cannot
 * pass the limit; a name the workspace already has is a 409. A new template is in the language of
 * the person saving it unless they chose one.
 */
export async function createTemplate(actor: Actor, input: CreateTemplateInput): Promise<TemplateView> {
  const workspaceId = actor.workspace.id;
  return db
    .transaction(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      const [{ saved }] = await tx
        .select({ saved: count() })
        .from(messageTemplates)
        .where(eq(messageTemplates.workspaceId, workspaceId));
      if (saved >= TEMPLATE_LIMIT)
        throw new DomainError(
          "conflict",
          { code: "template_limit", message: `You can save up to ${TEMPLATE_LIMIT} templates` },
          { max: TEMPLATE_LIMIT },
        );
      const [row] = await tx
        .insert(messageTemplates)
        .values({ workspaceId, name: input.name, body: input.body, locale: input.locale ?? actor.user.locale })
        .returning(templateColumns);
      return row;
    })
    .catch(duplicateNameOr);
}
