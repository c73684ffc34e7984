import "server-only";
import { env } from "@/lib/env";

/** How long a sign-in link works (Auth.js's e-mail provider `maxAge`, in seconds). */
export const MAGIC_LINK_MAX_AGE_SECONDS = 30 * 60;

/** Auth.js's e-mail callback; a GET of it is sent to the confirmation page instead of signing in. */
export const MAGIC_LINK_CALLBACK_PATH = "/api/auth/callback/nodemailer";
const MAGIC_LINK_CONFIRM_PATH = "/sign-in/confirm";

/**
 * The link we e-mail: our confirmation page with Auth.js's token, e-mail and callbackUrl. Mail
 * scanners and link previews fetch links with GET; only the page's "Sign in" button (a POST to
 * Auth.js's callback) uses the token up.
 */
export function magicLinkConfirmUrl(callbackUrl: string): string {
  const confirm = new URL(MAGIC_LINK_CONFIRM_PATH, env.APP_URL);
  confirm.search = new URL(callbackUrl).search;
  return confirm.toString();
}

/** The form target of the confirmation page: Auth.js's callback with the same parameters. */
export function magicLinkCallbackPath(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const key of ["callbackUrl", "token", "email"]) {
    const value = params[key];
    if (value) query.set(key, value);
  }
  return `${MAGIC_LINK_CALLBACK_PATH}?${query.toString()}`;
}
