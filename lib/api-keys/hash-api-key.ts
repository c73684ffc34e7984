import "server-only";
import { createHash } from "node:crypto";

/**
 * What is stored of a key: its SHA-256 in hex. A key is 32 random bytes, so a fast hash cannot be
 * reversed by guessing, and a lookup by hash stays one index probe.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
