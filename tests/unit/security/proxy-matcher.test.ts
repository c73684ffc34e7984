import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import * as staticInfo from "next/dist/build/analysis/get-page-static-info";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher";
import { SIGNED_IN_ROUTES } from "@/config/signed-in-routes";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { config, proxy } from "@/proxy";

// Next.js's own reading of a proxy's matcher (not in its published types).
const { getMiddlewareMatchers } = staticInfo as unknown as {
  getMiddlewareMatchers(matcher: unknown, nextConfig: { i18n: null; basePath: string }): never;
};

/** Whether Next.js runs the proxy for this path and these headers, by its own matcher code. */
function runsFor(path: string, headers: Record<string, string> = {}) {
  const matchers = getMiddlewareMatchers(config.matcher, { i18n: null, basePath: "" });
  return getMiddlewareRouteMatcher(matchers)(path, { headers, cookies: {} } as never, {});
}

const post = (path: string, headers: Record<string, string>) =>
  proxy(new NextRequest(`http://localhost:3000${path}`, { method: "POST", headers, body: "x" }));

describe("proxy matcher", () => {
  it("covers `/` and every signed-in route with its sub-paths, and nothing else without an Origin", () => {
    const paths = config.matcher.filter((entry) => typeof entry === "string");
    expect([...paths].sort()).toEqual(["/", ...SIGNED_IN_ROUTES.map((route) => `${route}/:path*`)].sort());
    expect(runsFor("/contacts/x")).toBe(true);
    expect(runsFor("/sign-in")).toBe(false);
    expect(runsFor("/pricing")).toBe(false);
  });

  it("runs for any page a browser POSTs to (it sends an Origin), never for the API or static files", () => {
    const origin = { origin: "https://evil.example" };
    expect(runsFor("/sign-in", origin)).toBe(true);
    expect(runsFor("/pricing", origin)).toBe(true);
    expect(runsFor("/", origin)).toBe(true);
    expect(runsFor("/api/contacts", origin)).toBe(false);
    expect(runsFor("/_next/static/chunks/a.js", origin)).toBe(false);
  });
});

describe("cross-site server-action posts", () => {
  const action = { "next-action": "7f00aa", host: "localhost:3000", "content-type": "text/plain" };

  it("are refused with 403 and a code, from any page, signed in or not", async () => {
    for (const path of ["/sign-in", "/settings", "/"]) {
      const response = post(path, {
        ...action,
        origin: "https://evil.example",
        cookie: `${SESSION_COOKIE}=abc`,
      });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ code: "cross_site" });
    }
    // A form posted before hydration (multipart, no Next-Action header) is an action too.
    const form = post("/sign-in", {
      host: "localhost:3000",
      origin: "https://evil.example",
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(form.status).toBe(403);
    expect(post("/sign-in", { ...action, origin: "null" }).status).toBe(403);
  });

  it("pass from the app's own origin, also behind a proxy that forwards the host", () => {
    const own = post("/sign-in", { ...action, origin: "http://localhost:3000" });
    expect(own.status).toBe(200);
    expect(own.headers.get("x-middleware-next")).toBe("1");
    const forwarded = post("/sign-in", {
      ...action,
      host: "127.0.0.1:3000",
      "x-forwarded-host": "app.example",
      origin: "https://app.example",
    });
    expect(forwarded.headers.get("x-middleware-next")).toBe("1");
  });

  it("leave other cross-site POSTs and signed-out pages alone", () => {
    const plain = post("/sign-in", {
      host: "localhost:3000",
      origin: "https://evil.example",
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(plain.headers.get("x-middleware-next")).toBe("1");
    // A signed-out page reached through the Origin entry is not sent to the landing page.
    const signedOut = post("/pricing", { ...action, origin: "http://localhost:3000" });
    expect(signedOut.headers.get("location")).toBeNull();
    // A signed-in page without a session still is.
    const guarded = post("/settings", { ...action, origin: "http://localhost:3000" });
    expect(new URL(guarded.headers.get("location")!).pathname).toBe("/");
  });
});
