import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import type { ApiKeyScope } from "@/db/schema/enums";
import { DEFAULT_LOCALE, localeFromAcceptLanguage } from "@/i18n/locales";
import { authenticateApiKey } from "@/lib/api-keys/authenticate-api-key";
import { claimIdempotencyKey } from "@/lib/api-keys/claim-idempotency-key";
import { settleIdempotencyKey } from "@/lib/api-keys/settle-idempotency-key";
import { DomainError, forbidden, rateLimited } from "@/lib/errors/domain-error";
import { clientAddress } from "@/lib/http/client-address";
import type { Actor } from "@/lib/workspaces/actor";
import { authorize } from "@/lib/workspaces/authorize";
import { logger } from "@/lib/logger";
import {
  RATE_LIMITS,
  consumeRateLimit,
  enforceRateLimit,
  type RateLimitState,
} from "@/lib/security/rate-limit";
import { idempotencyKeyOf, requestFingerprint } from "./idempotency-key-header";
import { localizedErrorResponse } from "./localized-error-response";
import { parseBody, parseInput, readJson, type Infer, type RouteContext, type Schema } from "./parse-request";
import type { V1Operation } from "./v1/operation";
import { API_KEY_CHALLENGE } from "./api-key-challenge";

interface ApiKeyHandlerContext<B extends Schema, P extends Schema, Q extends Schema> {
  request: NextRequest;
  actor: Actor;
  apiKey: { id: string; scope: ApiKeyScope };
  body: Infer<B>;
  params: Infer<P>;
  query: Infer<Q>;
}

type Answer<R extends z.ZodType | undefined> = R extends z.ZodType ? unknown : void;

interface ApiKeyRouteOptions<P extends Schema> {
  /** As in userRoute: refusals that answer before the body's rules (the reminder quota). */
  beforeRules?: (ctx: { actor: Actor; params: Infer<P> }) => Promise<unknown>;
}

const invalidKey = () =>
  new DomainError(
    "unauthenticated",
    { code: "invalid_api_key", message: "Missing, unknown or revoked API key" },
    { wwwAuthenticate: API_KEY_CHALLENGE },
  );

function bearerOf(request: NextRequest): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

function withRateHeaders(response: Response, rate: RateLimitState | undefined): Response {
  if (rate) {
    response.headers.set("RateLimit-Limit", String(rate.limit));
    response.headers.set("RateLimit-Remaining", String(rate.remaining));
    response.headers.set("RateLimit-Reset", String(rate.resetSeconds));
  }
  return response;
}

/** The success answer, checked against the operation's schema (a mismatch is our bug: a 500). */
function successResponse(operation: V1Operation, result: unknown): Response {
  if (!operation.response) return new Response(null, { status: operation.status ?? 204 });
  // As JSON first: the schema describes what the client reads (dates as ISO text).
  const parsed = operation.response.safeParse(JSON.parse(JSON.stringify(result ?? null)));
  if (!parsed.success) {
    logger.error("api.v1_response_mismatch", {
      operation: operation.operationId,
      issues: JSON.stringify(parsed.error.issues.slice(0, 3)),
    });
    throw new DomainError("internal", "Internal server error");
  }
  return Response.json(parsed.data, { status: operation.status ?? 200 });
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * The wrapper of /api/v1 routes: `Authorization: Bearer <key>` (401 without a live key), a rate
 * limit per key with RateLimit-* headers (429 with Retry-After past it), read-only keys refused on
 * writes (403), the operation's params, query and body validated as userRoute does, the
 * success answer checked against the operation's response schema, errors in the one format with
 * `message` in the Accept-Language's language, and Idempotency-Key on POST (docs/api.md).
 */
export function apiKeyRoute<
  B extends Schema,
  P extends Schema,
  Q extends Schema,
  R extends z.ZodType | undefined,
>(
  operation: V1Operation<B, P, Q, R>,
  handler: (ctx: ApiKeyHandlerContext<B, P, Q>) => Promise<Answer<R>>,
  options: ApiKeyRouteOptions<P> = {},
) {
  const op = operation as V1Operation;
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    const locale = localeFromAcceptLanguage(request.headers.get("accept-language")) ?? DEFAULT_LOCALE;
    let rate: RateLimitState | undefined;
    try {
      const principal = await authenticateApiKey(bearerOf(request), clientAddress(request.headers));
      if (!principal) throw invalidKey();
      const { actor, apiKey } = principal;
      rate = await consumeRateLimit(RATE_LIMITS.apiKey, apiKey.id);
      if (!rate.allowed) throw rateLimited(rate.resetSeconds);
      if (request.method !== "GET" && apiKey.scope !== "write")
        throw forbidden({ code: "api_key_read_only", message: "This API key can only read" });
      authorize(actor, operation.permission ?? (request.method === "GET" ? "read" : "write"));
      if (operation.rateLimit) await enforceRateLimit(operation.rateLimit, actor.user.id);
      const params = parseInput<P>(operation.params as P, await context.params);
      const query = parseInput<Q>(operation.query as Q, Object.fromEntries(request.nextUrl.searchParams));
      const text = await request.text();
      const idempotencyKey = request.method === "POST" ? idempotencyKeyOf(request.headers) : null;
      let recordId: number | null = null;
      if (idempotencyKey) {
        const claim = await claimIdempotencyKey(
          apiKey.id,
          idempotencyKey,
          requestFingerprint(request.method, request.nextUrl.pathname, text),
        );
        if (claim.kind === "replay") {
          const replay =
            claim.body === null
              ? new Response(null, { status: claim.status })
              : Response.json(claim.body, { status: claim.status });
          replay.headers.set("Idempotent-Replayed", "true");
          return withRateHeaders(replay, rate);
        }
        recordId = claim.recordId;
      }
      let response: Response;
      let ran = false;
      try {
        const schema = (operation.bodyFor ? operation.bodyFor(actor) : operation.body) as Schema;
        const { beforeRules: refusals } = options;
        const beforeRules = refusals && (() => refusals({ actor, params }));
        const body = (schema ? await parseBody(schema, readJson(text), beforeRules) : undefined) as Infer<B>;
        ran = true;
        response = successResponse(op, await handler({ request, actor, apiKey, body, params, query }));
      } catch (error) {
        response = await localizedErrorResponse(error, locale);
      }
      if (recordId !== null) {
        // A request refused before it ran (its body) keeps no answer: fixed, it may be sent again.
        await settleIdempotencyKey(recordId, ran ? response.status : 500, await bodyOf(response));
      }
      return withRateHeaders(response, rate);
    } catch (error) {
      return withRateHeaders(await localizedErrorResponse(error, locale), rate);
    }
  };
}
