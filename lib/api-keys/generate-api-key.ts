import "server-only";
import { randomBytes } from "node:crypto";
import { hashApiKey } from "./hash-api-key";

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "rmd_";
/** How much of a key stays visible in the list: the marker and 8 random characters. */
export const VISIBLE_PREFIX_LENGTH = 12;

/** A new key (`rmd_` + 43 base64url characters of 32 random bytes), its hash and visible prefix. */
export function generateApiKey() {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, VISIBLE_PREFIX_LENGTH) };
}
