import { NextRequest } from "next/server";

/** How a peer reaches the app: a request in, the app's answer out. */
export type AppTransport = (request: Request) => Promise<Response>;

type RouteHandler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

/** A route module's handlers, as `app/**\/route.ts` exports them. */
export type RouteModule = Partial<Record<"GET" | "POST" | "HEAD", RouteHandler>>;

/** The params of `pathname` under a route pattern (`/api/play/[token]/call.mp3`), or null. */
function match(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = pathname.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const name = /^\[(\w+)\]$/.exec(want[i])?.[1];
    if (name) params[name] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

/**
 * The app's route handlers as a peer reaches them over HTTP, in this process: each request goes to
 * the handler its path and method name (a 404 or 405 otherwise), as Next would route it. A test
 * passes the routes it serves, keyed by their app path pattern.
 */
export function inProcessApp(routes: Record<string, RouteModule>): AppTransport {
  return async (request) => {
    const url = new URL(request.url);
    for (const [pattern, module] of Object.entries(routes)) {
      const params = match(pattern, url.pathname);
      if (!params) continue;
      const handler = module[request.method as keyof RouteModule];
      if (!handler) return new Response(null, { status: 405 });
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
      const next = new NextRequest(url, { method: request.method, headers: request.headers, body });
      return handler(next, { params: Promise.resolve(params) });
    }
    return new Response("Not found", { status: 404 });
  };
}
