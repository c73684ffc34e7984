import { afterEach, describe, expect, it, vi } from "vitest";

// lib/env.ts reads the environment once, when imported: each case imports it afresh.
async function load(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(vars)) vi.stubEnv(key, value);
  return import("@/lib/http/public-origin");
}

afterEach(() => vi.unstubAllEnvs());

describe("publicOrigin", () => {
  it("follows the request in development without APP_URL (any port, 127.0.0.1 or localhost)", async () => {
    const { publicOrigin } = await load({ APP_URL: "", NODE_ENV: "development" });
    expect(publicOrigin(new Headers({ host: "127.0.0.1:3917" }))).toBe("http://127.0.0.1:3917");
    expect(publicOrigin(new Headers({ host: "localhost:4000" }))).toBe("http://localhost:4000");
    expect(
      publicOrigin(
        new Headers({
          host: "internal:3000",
          "x-forwarded-host": "dev.example",
          "x-forwarded-proto": "https",
        }),
      ),
    ).toBe("https://dev.example");
  });

  it("uses APP_URL when it is set, whatever the Host", async () => {
    const { publicOrigin } = await load({ APP_URL: "https://remindful.example/", NODE_ENV: "development" });
    expect(publicOrigin(new Headers({ host: "evil.example" }))).toBe("https://remindful.example");
  });

  it("APP_URL's default is the port the server listens on", async () => {
    await load({ APP_URL: undefined, PORT: "3917" });
    const { env, appUrlIsSet } = await import("@/lib/env");
    expect(env.APP_URL).toBe("http://localhost:3917");
    expect(appUrlIsSet).toBe(false);
  });
});
