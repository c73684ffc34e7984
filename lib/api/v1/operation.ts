import type { z } from "zod";
import type { Permission } from "@/config/roles";
import type { RateLimit } from "@/lib/security/rate-limit";
import type { Actor } from "@/lib/workspaces/actor";
import type { Schema } from "../parse-request";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One operation of the public API: what it accepts and answers, as zod schemas. The route
 * (app/api/v1, through `apiKeyRoute`) validates with them and the OpenAPI document
 * (lib/api/v1/openapi-document.ts) is generated from them: one source for both.
 */
export interface V1Operation<
  B extends Schema = Schema,
  P extends Schema = Schema,
  Q extends Schema = Schema,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  operationId: string;
  method: HttpMethod;
  /** Under /api/v1, with `{name}` for path parameters. */
  path: string;
  tag: "Contacts" | "Groups" | "Reminders" | "Deliveries" | "Templates" | "Account";
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The body schema as applied for the key's actor (a contact's phone is read in their region); `body` documents it. */
  bodyFor?: (actor: Actor) => NonNullable<B>;
  /**
   * The body as the document shows it, when `body` checks requirements through rules (in the
   * form's order, with its messages) that the document states as a union of branches.
   */
  documentedBody?: z.ZodType;
  /** The success answer; none: 204 No Content. */
  response?: R;
  /** The success status (default 200). */
  status?: number;
  /** Refusals besides those every operation may answer (400, 401, 403 on writes, 404 on ids, 429). */
  errors?: number[];
  /** A per-person limit the app's own route applies too, besides the per-key limit. */
  rateLimit?: RateLimit;
  /** What the key's role must allow (config/roles.ts): `read` for GET, `write` for the rest unless said. */
  permission?: Permission;
}

/** Keeps the literal types of an operation (what its route's handler receives and returns). */
export function defineOperation<
  B extends Schema = undefined,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  R extends z.ZodType | undefined = undefined,
>(operation: V1Operation<B, P, Q, R>): V1Operation<B, P, Q, R> {
  return operation;
}
