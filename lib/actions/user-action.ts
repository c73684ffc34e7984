import { z } from "zod";
import type { Permission } from "@/config/roles";
import { getCurrentActor } from "@/lib/auth/current-user";
import { HTTP_STATUS, toDomainError } from "@/lib/api/to-error-response";
import { unauthenticated } from "@/lib/errors/domain-error";
import { fromZodError } from "@/lib/errors/zod-error";
import { errorDetails } from "@/lib/errors/error-field";
import type { CallResult } from "@/lib/api-client/call-result";
import type { Actor } from "@/lib/workspaces/actor";
import { authorize } from "@/lib/workspaces/authorize";

/**
 * The server-action twin of `userRoute`: injects the signed-in person and the workspace they act
 * in, checks their role against `permission`, validates the input with the same zod schema the
 * form uses, and returns errors as values (never throws), in the shape the fetch client answers.
 */
export function userAction<S extends z.ZodType, T>(
  permission: Permission,
  schema: S,
  fn: (input: z.output<S>, actor: Actor) => Promise<T>,
) {
  return async (input: z.input<S>): Promise<CallResult<T>> => {
    try {
      const actor = await getCurrentActor();
      if (!actor) throw unauthenticated();
      authorize(actor, permission);
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw fromZodError(parsed.error);
      return { ok: true, data: await fn(parsed.data, actor) };
    } catch (error) {
      const domainError = toDomainError(error);
      return {
        ok: false,
        status: HTTP_STATUS[domainError.kind],
        code: domainError.code,
        message: domainError.message,
        details: errorDetails(domainError),
      };
    }
  };
}
