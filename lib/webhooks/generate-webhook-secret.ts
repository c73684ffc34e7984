import "server-only";
import { randomBytes } from "node:crypto";

/** Bytes of a signing secret (Standard Webhooks: 24 to 64). */
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString("base64")}`;
}
