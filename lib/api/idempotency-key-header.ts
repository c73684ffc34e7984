import "server-only";
import { createHash } from "node:crypto";
import { invalidInput } from "@/lib/errors/domain-error";

/**
 * The Idempotency-Key header's value, or null when absent. The header is a Structured Field
 * string (`"8e03978e-…"`); a bare token is taken as well. 1-255 printable ASCII characters.
 */
export function idempotencyKeyOf(headers: Headers): string | null {
  const raw = headers.get("idempotency-key");
  if (raw === null) return null;
  const trimmed = raw.trim();
  const key =
    trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  if (!/^[\x20-\x7e]{1,255}$/.test(key))
    throw invalidInput({
      code: "invalid_idempotency_key",
      message: "Idempotency-Key must be 1 to 255 printable characters",
    });
  return key;
}

/** Sorted keys at every depth: the same JSON however a client orders it. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/**
 * What makes two requests "the same" for an Idempotency-Key: method, path and body (as JSON,
 * key order aside; a body that is not JSON as its bytes).
 */
export function requestFingerprint(method: string, path: string, bodyText: string): string {
  let body = bodyText;
  try {
    body = bodyText.trim() === "" ? "" : JSON.stringify(canonical(JSON.parse(bodyText)));
  } catch {
    // not JSON: its text as sent (the route refuses it as malformed)
  }
  return createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex");
}
