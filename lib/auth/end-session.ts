import { signOut } from "./index";

/**
 * Ends the request's session through Auth.js (deletes the session row, expires the cookie).
 * `redirect: false` because the caller answers itself: Auth.js's redirect is thrown as an error,
 * which the route wrapper would otherwise turn into a 500.
 */
export async function endSession(): Promise<void> {
  await signOut({ redirect: false });
}
