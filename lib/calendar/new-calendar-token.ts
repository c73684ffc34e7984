import "server-only";
import { randomBytes } from "node:crypto";

/** A fresh feed secret: 32 random bytes (256 bits), base64url, safe in a URL path as it is. */
export function newCalendarToken(): string {
  return randomBytes(32).toString("base64url");
}
