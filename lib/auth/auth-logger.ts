import "server-only";
import { AuthError } from "next-auth";
import { logger } from "@/lib/logger";

/**
 * Refusals a visitor causes (a wrong, used or expired link, a denied sign-in): expected, so a
 * warning without a stack. Auth.js's own list of errors it may show to the client.
 */
const REFUSALS = new Set([
  "Verification",
  "AccessDenied",
  "CredentialsSignin",
  "MissingCSRF",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccountNotLinked",
]);

/** What Auth.js wraps: the error its cause carries (`{ err }`), else the error itself. */
function underlying(error: Error): Error {
  const cause = error.cause as { err?: unknown } | undefined;
  return cause?.err instanceof Error ? cause.err : error;
}

/**
 * Auth.js's logger as the app's structured log: one line per event (Auth.js's default prints a
 * stack trace of about ten lines for every wrong sign-in link).
 */
export const authLogger = {
  error(error: Error) {
    const type = error instanceof AuthError ? error.type : error.name;
    if (REFUSALS.has(type)) logger.warn("auth.refused", { type });
    else logger.error("auth.error", { type, error: underlying(error) });
  },
  warn(code: string) {
    logger.warn("auth.warning", { code });
  },
  debug(detail: string) {
    logger.debug("auth.debug", { detail });
  },
};
