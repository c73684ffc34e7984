import "server-only";
import { readSignedId, signId } from "@/lib/security/signed-id";

const PURPOSE = "preferences";

/**
 * The capability in a message's preferences link: the delivery that carried it (which names the
 * contact and the sender), signed under the app's secret. Worth nothing as a playback link.
 */
export const preferencesToken = (deliveryId: number, secret?: string): string =>
  signId(PURPOSE, deliveryId, secret);

/** The delivery id a preferences token names, or null for anything this server did not issue. */
export const readPreferencesToken = (token: string, secret?: string): number | null =>
  readSignedId(PURPOSE, token, secret);
