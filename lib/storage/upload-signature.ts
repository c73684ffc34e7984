import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/security/secret";

/** HMAC of a local upload's key and expiry, so only URLs the app issued are accepted. */
export function signUpload(key: string, expires: number): string {
  return createHmac("sha256", authSecret()).update(`upload:${key}:${expires}`).digest("base64url");
}

export function isValidUploadSignature(key: string, expires: number, signature: string, now = Date.now()) {
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signUpload(key, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
