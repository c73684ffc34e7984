import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { DomainError, notFound } from "@/lib/errors/domain-error";

const REALM = 'Bearer realm="metrics"';

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /api/metrics's check: without METRICS_TOKEN the endpoint does not exist (not found); a
 * request must carry `Authorization: Bearer <METRICS_TOKEN>` (unauthenticated, with the
 * challenge, RFC 6750). Both sides are hashed first, so the comparison takes the same time
 * whatever the token's length and however much of it matches.
 */
export function authorizeMetrics(authorization: string | null): void {
  const token = env.METRICS_TOKEN;
  if (!token) throw notFound();
  const given = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!given) throw new DomainError("unauthenticated", "Unauthorized", { wwwAuthenticate: REALM });
  if (!timingSafeEqual(digest(given), digest(token))) {
    throw new DomainError("unauthenticated", "Unauthorized", {
      wwwAuthenticate: `${REALM}, error="invalid_token"`,
    });
  }
}
