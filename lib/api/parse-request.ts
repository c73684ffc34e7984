import "server-only";
import { z } from "zod";
import { invalidInput } from "@/lib/errors/domain-error";
import { fromZodError } from "@/lib/errors/zod-error";

/** The request schemas a route wrapper validates with (lib/api/route.ts, lib/api/api-key-route.ts). */
export type Schema = z.ZodType | undefined;
export type Infer<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** A request body's JSON: undefined when empty; malformed JSON and NUL characters refused. */
export function readJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  let hasNul = false;
  let value: unknown;
  try {
    // PostgreSQL text cannot hold U+0000: refuse it here rather than fail at the insert.
    value = JSON.parse(text, (key, item: unknown) => {
      if (key.includes("\u0000") || (typeof item === "string" && item.includes("\u0000"))) hasNul = true;
      return item;
    });
  } catch {
    throw invalidInput({ code: "malformed_json", message: "Malformed JSON body" });
  }
  if (hasNul) throw invalidInput({ code: "nul_character", message: "Text must not contain NUL characters" });
  return value;
}

/** Params or query by their schema (none: undefined); a failure is a 400 naming the field. */
export function parseInput<S extends Schema>(schema: S, value: unknown): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error);
  return result.data as Infer<S>;
}

/**
 * A body by its schema. When `schema` is `shape.pipe(rules)` and a body of the right shape breaks a
 * rule, `beforeRules` runs first, and its refusal is the answer (RouteOptions.beforeRules).
 */
export async function parseBody<S extends z.ZodType>(
  schema: S,
  value: unknown,
  beforeRules: (() => Promise<unknown>) | undefined,
): Promise<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (beforeRules && schema instanceof z.ZodPipe && z.safeParse(schema.in, value).success)
    await beforeRules();
  throw fromZodError(result.error);
}
