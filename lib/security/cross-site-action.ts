/**
 * Whether a request is a server-action POST from another site: Next.js runs no action then, but
 * answers with a 500 (its CSRF check throws), which reads as a crash. The same test as Next's:
 * a server action is a POST with a `Next-Action` header (fetch) or a multipart form (a form
 * posted before hydration), and its Origin's host must be the forwarded host, else Host. A POST
 * without Origin is not a browser's cross-site request, and Next lets it through as well.
 * Not server-only: proxy.ts reads it.
 */
export function isCrossSiteActionPost(method: string, headers: Headers): boolean {
  if (method !== "POST") return false;
  const action =
    headers.has("next-action") || (headers.get("content-type") ?? "").startsWith("multipart/form-data");
  const origin = headers.get("origin");
  if (!action || origin === null) return false;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  try {
    return origin === "null" || new URL(origin).host !== host;
  } catch {
    return true;
  }
}
