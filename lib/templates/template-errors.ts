import "server-only";
import { conflict, notFound, type DomainError } from "@/lib/errors/domain-error";

export const templateNotFound = (): DomainError =>
  notFound({ code: "template_not_found", message: "Template not found" });

/** A unique-name violation becomes the 409 the user can act on; anything else is rethrown. */
export function duplicateNameOr(error: unknown): never {
  const pg = (error as { cause?: unknown })?.cause ?? error;
  if ((pg as { code?: string; constraint?: string })?.constraint === "message_templates_workspace_name_key")
    throw conflict({
      code: "duplicate_template_name",
      message: "You already have a template with this name",
    });
  throw error;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are uuids: anything else cannot be one of the user's templates. */
export const isTemplateId = (id: string) => UUID.test(id);
