import "server-only";
import { createHmac } from "node:crypto";

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each
 * secret (its base64 part after `whsec_` decoded), space-separated (the current secret first,
 * then the previous one during a rotation's grace period).
 */
export function signWebhook(input: {
  id: string;
  timestamp: number;
  body: string;
  secrets: string[];
}): string {
  const content = `${input.id}.${input.timestamp}.${input.body}`;
  return input.secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
      return `v1,${createHmac("sha256", key).update(content).digest("base64")}`;
    })
    .join(" ");
}
