import "server-only";
import type { NextRequest } from "next/server";
import type { Permission } from "@/config/roles";
import { getRequestActor } from "@/lib/auth/current-user";
import { enforceRateLimit, type RateLimit } from "@/lib/security/rate-limit";
import { clientAddress, UNKNOWN_CLIENT } from "@/lib/http/client-address";
import type { Actor } from "@/lib/workspaces/actor";
import { authorize } from "@/lib/workspaces/authorize";
import { forbidden, unauthenticated } from "@/lib/errors/domain-error";
import { toErrorResponse } from "./to-error-response";
import { isCrossSite } from "./same-origin";
import { parseBody, parseInput, readJson, type Infer, type RouteContext, type Schema } from "./parse-request";

interface RouteOptions<B extends Schema, P extends Schema, Q extends Schema, U> {
  /**
   * What the caller's role in the workspace must allow (config/roles.ts), checked before anything
   * else is read: every signed-in route names one (userRoute requires it).
   */
  permission?: Permission;
  body?: B;
  /**
   * Refusals that answer before the body's rules though after its shape: when `body` is
   * `shape.pipe(rules)` and a body of the right shape breaks a rule, this runs first and its
   * error is the answer (the reminder quota before "Please select a contact").
   */
  beforeRules?: (ctx: { actor: U; params: Infer<P> }) => Promise<unknown>;
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
  actor: U;
  body: Infer<B>;
  params: Infer<P>;
  query: Infer<Q>;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function rateLimitSubject(actor: Actor | null, address: string, anonymous: () => string | undefined) {
  if (actor) return actor.user.id;
  return address === UNKNOWN_CLIENT ? anonymous() : address;
}

function build<U extends Actor | null, B extends Schema, P extends Schema, Q extends Schema>(
  resolveActor: (request: NextRequest) => Promise<U>,
  options: RouteOptions<B, P, Q, U>,
  handler: (ctx: HandlerContext<B, P, Q, U>) => Promise<unknown>,
) {
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      if (!SAFE_METHODS.has(request.method) && !options.allowCrossSite && isCrossSite(request))
        throw forbidden({ code: "cross_site", message: "Cross-site request refused" });
      const actor = await resolveActor(request);
      if (actor && options.permission) authorize(actor, options.permission);
      const params = parseInput<P>(options.params as P, await context.params);
      const query = parseInput<Q>(options.query as Q, Object.fromEntries(request.nextUrl.searchParams));
      if (options.rateLimit) {
        const subject = rateLimitSubject(actor, clientAddress(request.headers), () =>
          options.anonymousSubject?.(params),
        );
        if (subject) await enforceRateLimit(options.rateLimit, subject);
      }
      const { beforeRules: refusals } = options;
      const beforeRules = refusals && (() => refusals({ actor, params }));
      const body = (
        options.body ? await parseBody(options.body, readJson(await request.text()), beforeRules) : undefined
      ) as Infer<B>;
      const result = await handler({ request, actor, body, params, query });
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return Response.json(result, { status: options.status ?? 200 });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

async function requireActor(request: NextRequest): Promise<Actor> {
  const actor = await getRequestActor(request);
  if (!actor) throw unauthenticated();
  return actor;
}

/**
 * The one wrapper for signed-in `/api` routes: reads the session and the workspace the person
 * acts in (401 without one), checks their role against the route's permission (403), refuses
 * cross-site writes, validates params, query and JSON body with zod (400 naming the field),
 * applies a rate limit, and maps every error to the one error format (`{ code, message,
 * ...details }`, docs/architecture.md).
 */
export function userRoute<
  B extends Schema = undefined,
  P extends Schema = undefined,
  Q extends Schema = undefined,
>(
  options: RouteOptions<B, P, Q, Actor> & { permission: Permission },
  handler: (ctx: HandlerContext<B, P, Q, Actor>) => Promise<unknown>,
) {
  return build(requireActor, options, handler);
}

/**
 * The same wrapper for routes open to signed-out visitors; `actor` may be null. What such a
 * route reaches is authorised by its own capability (a token in the URL, a provider's
 * signature), not by a role, so it names no permission.
 */
export function publicRoute<
  B extends Schema = undefined,
  P extends Schema = undefined,
  Q extends Schema = undefined,
>(
  options: RouteOptions<B, P, Q, Actor | null>,
  handler: (ctx: HandlerContext<B, P, Q, Actor | null>) => Promise<unknown>,
) {
  return build(getRequestActor, options, handler);
}
