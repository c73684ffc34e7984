import type { MetadataRoute } from "next";
import { env } from "@/lib/env";
import { SIGNED_IN_ROUTES } from "@/config/signed-in-routes";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: ["/", "/pricing", "/terms"],
      // The signed-in pages come from the proxy's own list, so a new one cannot be forgotten here.
      disallow: ["/api/", "/dev/", ...SIGNED_IN_ROUTES, "/sign-in"],
    },
    sitemap: new URL("/sitemap.xml", env.APP_URL).href,
  };
}
