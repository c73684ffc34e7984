import "server-only";
import type { NextRequest } from "next/server";
import { getRequestUser } from "@/lib/auth/current-user";
import { enforceRateLimit, type RateLimit } from "@/lib/security/rate-limit";
import { clientAddress, UNKNOWN_CLIENT } from "@/lib/http/client-address";
import type { User } from "@/db/schema";
import { forbidden, unauthenticated } from "@/lib/errors/domain-error";
import { toErrorResponse } from "./to-error-response";
import { isCrossSite } from "./same-origin";
import { parseBody, parseInput, readJson, type Infer, type RouteContext, type Schema } from "./parse-request";

interface RouteOptions<B extends Schema, P extends Schema, Q extends Schema, U> {
  body?: B;
  /**
   * Refusals that answer before the body's rules though after its shape: when `body` is
   * `shape.pipe(rules)` and a body of the right shape breaks a rule, this runs first and its
   * error is the answer (the reminder quota before "Please select a contact").
   */
  beforeRules?: (ctx: { user: U; params: Infer<P> }) => Promise<unknown>;
  params?: P;
  query?: Q;
  /** Counted per signed-in user, else per client address when one can be believed. */
  rateLimit?: RateLimit;
  /**
   * What `rateLimit` counts for a signed-out caller whose address is unknown (no trusted proxy):
   * strangers must never share one budget that any of them could spend for all. Without it, such
   * a caller is not counted.
   */
  anonymousSubject?: (params: Infer<P>) => string;
  /**
   * Accept writes from other sites: only for capability URLs that mail clients POST to on the
   * recipient's behalf (RFC 8058 one-click unsubscribe), where the token is the authorisation.
   */
  allowCrossSite?: boolean;
  /** Status of a successful JSON answer (default 200). */
  status?: number;
}

interface HandlerContext<B extends Schema, P extends Schema, Q extends Schema, U> {
  request: NextRequest;
  user: U;
  body: Infer<B>;
  params: Infer<P>;
  query: Infer<Q>;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function rateLimitSubject(user: unknown, address: string, anonymous: () => string | undefined) {
  const userId = (user as { id?: string } | null)?.id;
  if (userId) return userId;
  return address === UNKNOWN_CLIENT ? anonymous() : address;
}

function build<U, B extends Schema, P extends Schema, Q extends Schema>(
  resolveUser: (request: NextRequest) => Promise<U>,
  options: RouteOptions<B, P, Q, U>,
  handler: (ctx: HandlerContext<B, P, Q, U>) => Promise<unknown>,
) {
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      if (!SAFE_METHODS.has(request.method) && !options.allowCrossSite && isCrossSite(request))
        throw forbidden({ code: "cross_site", message: "Cross-site request refused" });
      const user = await resolveUser(request);
      const params = parseInput<P>(options.params as P, await context.params);
      const query = parseInput<Q>(options.query as Q, Object.fromEntries(request.nextUrl.searchParams));
      if (options.rateLimit) {
        const subject = rateLimitSubject(user, clientAddress(request.headers), () =>
          options.anonymousSubject?.(params),
        );
        if (subject) await enforceRateLimit(options.rateLimit, subject);
      }
      const { beforeRules: refusals } = options;
      const beforeRules = refusals && (() => refusals({ user, params }));
      const body = (
        options.body ? await parseBody(options.body, readJson(await request.text()), beforeRules) : undefined
      ) as Infer<B>;
      const result = await handler({ request, user, body, params, query });
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return Response.json(result, { status: options.status ?? 200 });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

async function requireUser(request: NextRequest): Promise<User> {
  const user = await getRequestUser(request);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * The one wrapper for signed-in `/api` routes: reads the session (401 without one),
 * refuses cross-site writes, validates params, query and JSON body with zod (400 naming
 * the field), applies a rate limit, and maps every error to the one error format
 * (`{ code, message, ...details }`, docs/architecture.md).
 */
export function userRoute<
  B extends Schema = undefined,
  P extends Schema = undefined,
  Q extends Schema = undefined,
>(options: RouteOptions<B, P, Q, User>, handler: (ctx: HandlerContext<B, P, Q, User>) => Promise<unknown>) {
  return build(requireUser, options, handler);
}

/** The same wrapper for routes open to signed-out visitors; `user` may be null. */
export function publicRoute<
  B extends Schema = undefined,
  P extends Schema = undefined,
  Q extends Schema = undefined,
>(
  options: RouteOptions<B, P, Q, User | null>,
  handler: (ctx: HandlerContext<B, P, Q, User | null>) => Promise<unknown>,
) {
  return build(getRequestUser, options, handler);
}
