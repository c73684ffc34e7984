import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "./secret";

/** 8 bytes of id and 16 of MAC, base64url without padding: 11 + 22 characters. */
const ID_BYTES = 8;
const MAC_BYTES = 16;
const ID_CHARS = 11;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{33}$/;

function mac(purpose: string, id: bigint, secret: string): Buffer {
  // Truncated to 128 bits (RFC 2104 §5 allows half the output): unguessable, and 22 characters
  // less in every SMS that carries the link.
  return createHmac("sha256", secret).update(`${purpose}:${id}`).digest().subarray(0, MAC_BYTES);
}

/**
 * A capability for one row: its numeric id and an HMAC-SHA256 of the purpose and the id under the
 * app's secret. Only this server can make one; changing a character breaks it, and a token made for
 * one purpose (a playback link) is worth nothing for another (a preferences link).
 */
export function signId(purpose: string, id: number, secret = authSecret()): string {
  const bytes = Buffer.alloc(ID_BYTES);
  bytes.writeBigUInt64BE(BigInt(id));
  return bytes.toString("base64url") + mac(purpose, BigInt(id), secret).toString("base64url");
}

/** The id a token grants for `purpose`, or null for anything this server did not issue (compared in constant time). */
export function readSignedId(purpose: string, token: string, secret = authSecret()): number | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token.slice(0, ID_CHARS), "base64url");
  const given = Buffer.from(token.slice(ID_CHARS), "base64url");
  // base64url decoding ignores stray low bits of the last character: re-encoding catches them.
  if (bytes.length !== ID_BYTES || bytes.toString("base64url") !== token.slice(0, ID_CHARS)) return null;
  const id = bytes.readBigUInt64BE();
  if (id < 1n || id > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const expected = mac(purpose, id, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (given.toString("base64url") !== token.slice(ID_CHARS)) return null;
  return Number(id);
}
