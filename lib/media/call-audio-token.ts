import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/security/secret";

/** 8 bytes of delivery id, 4 of expiry (Unix seconds) and 16 of MAC: 28 bytes, 38 base64url characters. */
const ID_BYTES = 8;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{38}$/;

function mac(deliveryId: bigint, expires: number, secret: string): Buffer {
  // Its own label: a playback link's MAC never checks out as a call's, nor the reverse.
  return createHmac("sha256", secret)
    .update(`call-audio:${deliveryId}:${expires}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/**
 * The capability in the link Twilio fetches a call's recording from (<Play>): the delivery, when
 * the link stops working, and an HMAC-SHA256 of both under the app's secret. Unlike a playback
 * link, it expires (after CALL_AUDIO_LINK_MS, set by the caller): Twilio needs it only during
 * the call.
 */
export function callAudioToken(deliveryId: number, expiresAt: Date, secret = authSecret()): string {
  const expires = Math.ceil(expiresAt.getTime() / 1_000);
  const bytes = Buffer.alloc(ID_BYTES + EXPIRY_BYTES);
  bytes.writeBigUInt64BE(BigInt(deliveryId));
  bytes.writeUInt32BE(expires, ID_BYTES);
  return Buffer.concat([bytes, mac(BigInt(deliveryId), expires, secret)]).toString("base64url");
}

/**
 * The delivery a call's audio token grants, or null for one this server did not issue, changed
 * in any character, or past its expiry at `now` (compared in constant time).
 */
export function readCallAudioToken(token: string, now = new Date(), secret = authSecret()): number | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  // base64url decoding ignores stray low bits of the last character: re-encoding catches them.
  if (bytes.length !== ID_BYTES + EXPIRY_BYTES + MAC_BYTES || bytes.toString("base64url") !== token)
    return null;
  const deliveryId = bytes.readBigUInt64BE(0);
  const expires = bytes.readUInt32BE(ID_BYTES);
  if (deliveryId < 1n || deliveryId > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const given = bytes.subarray(ID_BYTES + EXPIRY_BYTES);
  if (!timingSafeEqual(given, mac(deliveryId, expires, secret))) return null;
  return expires * 1_000 > now.getTime() ? Number(deliveryId) : null;
}
