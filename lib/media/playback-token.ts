import "server-only";
import { readSignedId, signId } from "@/lib/security/signed-id";

const PURPOSE = "playback";

/**
 * The capability in a delivery's playback link: its id and an HMAC-SHA256 of it under the app's
 * secret. Only this server can make one; changing a character breaks it.
 */
export const playbackToken = (deliveryId: number, secret?: string): string =>
  signId(PURPOSE, deliveryId, secret);

/** The delivery id a token grants, or null for anything this server did not issue. */
export const readPlaybackToken = (token: string, secret?: string): number | null =>
  readSignedId(PURPOSE, token, secret);
