import "server-only";
import { count, eq } from "drizzle-orm";
import { messageTemplates } from "@/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { lockContactOwner } from "@/lib/contacts/lock-contact-owner";
import { db } from "@/lib/db";
import type { User } from "@/db/schema";
import { TEMPLATE_LIMIT, type CreateTemplateInput } from "@/lib/validations/template";
import { duplicateNameOr } from "./template-errors";
import { templateColumns, type TemplateView } from "./template-view";

/**
 * POST /api/templates. The owner's row is locked while counting, so concurrent saves cannot pass
 * the limit; a name the user already has is a 409.
 */
export async function createTemplate(user: User, input: CreateTemplateInput): Promise<TemplateView> {
  return db
    .transaction(async (tx) => {
      await lockContactOwner(tx, user.id);
      const [{ saved }] = await tx
        .select({ saved: count() })
        .from(messageTemplates)
        .where(eq(messageTemplates.userId, user.id));
      if (saved >= TEMPLATE_LIMIT)
        throw new DomainError(
          "conflict",
          { code: "template_limit", message: `You can save up to ${TEMPLATE_LIMIT} templates` },
          { max: TEMPLATE_LIMIT },
        );
      const [row] = await tx
        .insert(messageTemplates)
        .values({ userId: user.id, name: input.name, body: input.body, locale: input.locale ?? user.locale })
        .returning(templateColumns);
      return row;
    })
    .catch(duplicateNameOr);
}
