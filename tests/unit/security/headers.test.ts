import { afterEach, describe, expect, it, vi } from "vitest";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import nextConfig from "@/next.config";
import { STRICT_TRANSPORT_SECURITY } from "@/lib/security/headers";

/** The headers next.config.ts gives a request to `/` carrying these request headers. */
async function responseHeaders(requestHeaders: Record<string, string>) {
  const rules = (await nextConfig.headers?.()) ?? [];
  const request = { headers: requestHeaders, cookies: {} } as never;
  return rules
    .filter((rule) => rule.source === "/:path*" && matchHas(request, {}, rule.has, rule.missing))
    .flatMap((rule) => rule.headers.map((header) => header.key.toLowerCase()));
}

afterEach(() => vi.unstubAllEnvs());

describe("Strict-Transport-Security", () => {
  it("a production build sends it on responses its proxy marks as https, never over plain http", async () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(await responseHeaders({ "x-forwarded-proto": "https" })).toContain("strict-transport-security");
    expect(await responseHeaders({ "x-forwarded-proto": "https, http" })).toContain(
      "strict-transport-security",
    );
    expect(await responseHeaders({ "x-forwarded-proto": "http" })).not.toContain("strict-transport-security");
    expect(await responseHeaders({})).not.toContain("strict-transport-security");
    // The other security headers go everywhere.
    expect(await responseHeaders({})).toContain("content-security-policy");
    expect(STRICT_TRANSPORT_SECURITY).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it("development never sends it (localhost would be pinned to https)", async () => {
    vi.stubEnv("NODE_ENV", "development");
    expect(await responseHeaders({ "x-forwarded-proto": "https" })).not.toContain("strict-transport-security");
  });
});
