import { createHmac } from "node:crypto";
import { E2E_AUTH_SECRET } from "./auth-secret";

/**
 * A delivery's preferences token as the e2e server issues it (lib/security/signed-id.ts: the id's
 * 8 bytes and the first 16 of HMAC-SHA256("preferences:<id>"), base64url), made here because the
 * server's module is server-only. A token this makes that the server refused would fail the spec.
 */
export function e2ePreferencesToken(deliveryId: number): string {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(BigInt(deliveryId));
  const mac = createHmac("sha256", E2E_AUTH_SECRET)
    .update(`preferences:${deliveryId}`)
    .digest()
    .subarray(0, 16);
  return id.toString("base64url") + mac.toString("base64url");
}
