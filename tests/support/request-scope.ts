// First, as in Next's own server: its request storage needs AsyncLocalStorage on globalThis.
import "next/dist/server/node-environment-baseline";
import type { NextRequest } from "next/server";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store";
import { createWorkStore, type WorkStoreContext } from "next/dist/server/async-storage/work-store";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { getImplicitTags } from "next/dist/server/lib/implicit-tags";
import { appendMutableCookies } from "next/dist/server/web/spec-extension/adapters/request-cookies";

type Handler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Response | Promise<Response>;

// The few render options a dynamic route handler's work store reads (no cache, no prerender).
const RENDER_OPTS = {
  cacheLifeProfiles: {},
  staticPageGenerationTimeout: 60,
  cacheComponents: false,
  validationLevel: "none",
  experimental: {
    isRoutePPREnabled: false,
    authInterrupts: false,
    useCacheTimeout: 0,
    durableUseCacheEntries: false,
  },
  waitUntil: undefined,
  onClose: () => {},
  onAfterTaskError: undefined,
} as unknown as WorkStoreContext["renderOpts"];

/**
 * Runs a route handler inside the request scope Next.js gives it (what `headers()` and
 * `cookies()` read, e.g. Auth.js's `signOut`), and copies the cookies it set onto the response,
 * as Next's route module does.
 */
export function inRequestScope(handler: Handler, page: string) {
  return async (
    request: NextRequest,
    context: { params: Promise<Record<string, string | string[] | undefined>> },
  ): Promise<Response> => {
    const url = request.nextUrl;
    const workStore = createWorkStore({
      page,
      renderOpts: { ...RENDER_OPTS },
      buildId: "test",
      deploymentId: "",
      previouslyRevalidatedTags: [],
    });
    const requestStore = createRequestStoreForAPI(
      request,
      { pathname: url.pathname, search: url.search },
      await getImplicitTags(page, url.pathname, null),
      undefined,
      undefined,
      undefined,
    );
    const response = await workAsyncStorage.run(workStore, () =>
      workUnitAsyncStorage.run(requestStore, () => handler(request, context)),
    );
    const headers = new Headers(response.headers);
    appendMutableCookies(headers, requestStore.mutableCookies);
    return new Response(response.body, { status: response.status, headers });
  };
}
