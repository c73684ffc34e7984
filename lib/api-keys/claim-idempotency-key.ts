import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { idempotencyRecords } from "@/db/schema";
import { DomainError, conflict } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { IDEMPOTENCY_WINDOW_MS } from "./idempotency-window";

export type IdempotencyClaim =
  { kind: "claimed"; recordId: number } | { kind: "replay"; status: number; body: unknown };

/**
 * The first step of a POST with an Idempotency-Key: the request either claims the key (it runs,
 * then `settleIdempotencyKey` stores its answer) or meets the key's earlier use. Same request,
 * answered: that answer again. Same request, still running: 409. Another request (method, path or
 * body differ): 422. The unique index decides between racing requests: exactly one claims.
 */
export async function claimIdempotencyKey(
  apiKeyId: string,
  key: string,
  fingerprint: string,
  now = new Date(),
): Promise<IdempotencyClaim> {
  // Twice at most: a record past the window is deleted and the key claimed afresh.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [claimed] = await db
      .insert(idempotencyRecords)
      .values({ apiKeyId, key, fingerprint, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: idempotencyRecords.id });
    if (claimed) return { kind: "claimed", recordId: claimed.id };
    const [existing] = await db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.apiKeyId, apiKeyId), eq(idempotencyRecords.key, key)));
    if (!existing) continue;
    if (existing.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_WINDOW_MS) {
      await db
        .delete(idempotencyRecords)
        .where(
          and(
            eq(idempotencyRecords.id, existing.id),
            lt(idempotencyRecords.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS + 1)),
          ),
        );
      continue;
    }
    if (existing.fingerprint !== fingerprint)
      throw new DomainError("unprocessable", {
        code: "idempotency_key_reused",
        message: "This Idempotency-Key was already used with a different request",
      });
    if (existing.responseStatus === null)
      throw conflict({
        code: "idempotency_key_in_use",
        message: "A request with this Idempotency-Key is still being processed",
      });
    return { kind: "replay", status: existing.responseStatus, body: existing.responseBody };
  }
  throw conflict({
    code: "idempotency_key_in_use",
    message: "A request with this Idempotency-Key is still being processed",
  });
}
