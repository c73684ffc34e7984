import { describe, expect, it } from "vitest";
import { SIGNED_IN_ROUTES } from "@/config/signed-in-routes";
import { config } from "@/proxy";

describe("proxy matcher", () => {
  it("covers `/` and every signed-in route with its sub-paths, and nothing else", () => {
    expect([...config.matcher].sort()).toEqual(
      ["/", ...SIGNED_IN_ROUTES.map((route) => `${route}/:path*`)].sort(),
    );
  });
});
