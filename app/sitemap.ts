import type { MetadataRoute } from "next";
import { env } from "@/lib/env";

/** The public pages; everything else needs an account. */
export default function sitemap(): MetadataRoute.Sitemap {
  return [
    { url: new URL("/", env.APP_URL).href, changeFrequency: "weekly", priority: 1 },
    { url: new URL("/pricing", env.APP_URL).href, changeFrequency: "monthly", priority: 0.8 },
    { url: new URL("/terms", env.APP_URL).href, changeFrequency: "yearly", priority: 0.3 },
  ];
}
