import "server-only";
/**
 * An answer whose JSON is already text: the same status and Content-Type as `Response.json`,
 * without parsing and serialising it again.
 */
export function jsonTextResponse(json: string, status = 200): Response {
  return new Response(json, { status, headers: { "content-type": "application/json" } });
}
