import type { MetadataRoute } from "next";
import { env } from "@/lib/env";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: ["/", "/pricing", "/terms"],
      disallow: [
        "/api/",
        "/dev/",
        "/contacts",
        "/reminders",
        "/schedule",
        "/settings",
        "/billing",
        "/checkout",
        "/sign-in",
      ],
    },
    sitemap: new URL("/sitemap.xml", env.APP_URL).href,
  };
}
