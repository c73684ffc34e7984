import "server-only";
import { conflict, notFound, type DomainError } from "@/lib/errors/domain-error";
import { GROUP_LIMIT } from "@/lib/validations/group";

export const groupNotFound = (): DomainError =>
  notFound({ code: "group_not_found", message: "Group not found" });

/** Any contact id that is not one of the user's (unknown or another account's). */
export const contactNotFound = (): DomainError =>
  notFound({ code: "contact_not_found", message: "Contact not found" });

export const groupLimitReached = (): DomainError =>
  conflict(
    { code: "group_limit", message: `You can keep up to ${GROUP_LIMIT} groups` },
    { max: GROUP_LIMIT },
  );

/** A name the user already has (whatever its case) becomes the 409 they can act on; anything else is rethrown. */
export function duplicateGroupNameOr(error: unknown): never {
  const pg = (error as { cause?: unknown })?.cause ?? error;
  if ((pg as { constraint?: string })?.constraint === "contact_groups_workspace_name_key")
    throw conflict({ code: "duplicate_group_name", message: "You already have a group with this name" });
  throw error;
}
