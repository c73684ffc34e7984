import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/security/secret";

/** 8 bytes of delivery id and 16 of MAC, base64url without padding: 11 + 22 characters. */
const ID_BYTES = 8;
const MAC_BYTES = 16;
const ID_CHARS = 11;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{33}$/;

function mac(deliveryId: bigint, secret: string): Buffer {
  // Truncated to 128 bits (RFC 2104 §5 allows half the output): unguessable, and 22 characters
  // less in every SMS that carries the link.
  return createHmac("sha256", secret).update(`playback:${deliveryId}`).digest().subarray(0, MAC_BYTES);
}

/**
 * The capability in a delivery's playback link: its id and an HMAC-SHA256 of it under the app's
 * secret. Only this server can make one; changing a character breaks it.
 */
export function playbackToken(deliveryId: number, secret = authSecret()): string {
  const id = Buffer.alloc(ID_BYTES);
  id.writeBigUInt64BE(BigInt(deliveryId));
  return id.toString("base64url") + mac(BigInt(deliveryId), secret).toString("base64url");
}

/** The delivery id a token grants, or null for anything this server did not issue (compared in constant time). */
export function readPlaybackToken(token: string, secret = authSecret()): number | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = Buffer.from(token.slice(0, ID_CHARS), "base64url");
  const given = Buffer.from(token.slice(ID_CHARS), "base64url");
  // base64url decoding ignores stray low bits of the last character: re-encoding catches them.
  if (id.length !== ID_BYTES || id.toString("base64url") !== token.slice(0, ID_CHARS)) return null;
  const deliveryId = id.readBigUInt64BE();
  if (deliveryId < 1n || deliveryId > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const expected = mac(deliveryId, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (given.toString("base64url") !== token.slice(ID_CHARS)) return null;
  return Number(deliveryId);
}
