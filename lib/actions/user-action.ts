import { z } from "zod";
import { getCurrentUser } from "@/lib/auth/current-user";
import { HTTP_STATUS, toDomainError } from "@/lib/api/to-error-response";
import { unauthenticated } from "@/lib/errors/domain-error";
import { fromZodError } from "@/lib/errors/zod-error";
import { errorDetails } from "@/lib/errors/error-field";
import type { User } from "@/db/schema";
import type { CallResult } from "@/lib/api-client/call-result";

/**
 * The server-action twin of `userRoute`: injects the signed-in user, validates the input
 * with the same zod schema the form uses, and returns errors as values (never throws), in the
 * shape the fetch client answers.
 */
export function userAction<S extends z.ZodType, T>(
  schema: S,
  fn: (input: z.output<S>, user: User) => Promise<T>,
) {
  return async (input: z.input<S>): Promise<CallResult<T>> => {
    try {
      const user = await getCurrentUser();
      if (!user) throw unauthenticated();
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw fromZodError(parsed.error);
      return { ok: true, data: await fn(parsed.data, user) };
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
