import "server-only";
import NextAuth from "next-auth";
import Nodemailer from "next-auth/providers/nodemailer";
import Google from "next-auth/providers/google";
import GitHub from "next-auth/providers/github";
import type { Provider } from "next-auth/providers";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { cookies } from "next/headers";
import { accounts, sessions, users, verificationTokens } from "@/db/schema";
import { db } from "@/lib/db";
import { appUrlIsSet, env, isProduction } from "@/lib/env";
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, toLocale } from "@/i18n/locales";
import { createUser } from "@/lib/workspaces/create-user";
import { TIME_ZONE_COOKIE, timeZoneFromCookie } from "@/lib/time/time-zone-cookie";
import { authSecret } from "@/lib/security/secret";
import { authLogger } from "./auth-logger";
import { sendMagicLinkEmail } from "./magic-link-email";
import { MAGIC_LINK_MAX_AGE_SECONDS, magicLinkConfirmUrl } from "./magic-link-confirm-url";

async function requestLocale(): Promise<Locale> {
  try {
    const value = (await cookies()).get(LOCALE_COOKIE)?.value;
    return toLocale(value);
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The browser's zone, from the cookie the head script writes on every page (null without one). */
async function requestTimeZone(): Promise<string | null> {
  try {
    return timeZoneFromCookie((await cookies()).get(TIME_ZONE_COOKIE)?.value);
  } catch {
    return null;
  }
}

function providers(): Provider[] {
  const list: Provider[] = [
    Nodemailer({
      // The transport is ours (lib/mail): SMTP_URL or the dev outbox.
      server: env.SMTP_URL ?? "smtp://localhost:25",
      from: env.MAIL_FROM,
      maxAge: MAGIC_LINK_MAX_AGE_SECONDS,
      sendVerificationRequest: async ({ identifier, url }) =>
        sendMagicLinkEmail({ to: identifier, url: magicLinkConfirmUrl(url), locale: await requestLocale() }),
    }),
  ];
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) {
    list.push(Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET }));
  }
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) {
    list.push(GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET }));
  }
  return list;
}

// Links in e-mails and redirects use the public URL, not whatever Host a request carried. In
// development without APP_URL, Auth.js (trustHost) takes it from the request instead, so any
// port or host name the browser used works.
if (appUrlIsSet || isProduction) process.env.AUTH_URL ??= new URL("/api/auth", env.APP_URL).toString();

const adapter = DrizzleAdapter(db, {
  usersTable: users,
  accountsTable: accounts,
  sessionsTable: sessions,
  verificationTokensTable: verificationTokens,
});

export const { handlers, auth, signIn } = NextAuth({
  adapter: {
    ...adapter,
    // New accounts start on the trial plan (see lib/users/create-user.ts), in the language and
    // time zone the browser already gave (the sign-in pages set both cookies before this request).
    createUser: async (data) =>
      createUser({ ...data, locale: await requestLocale(), timezone: await requestTimeZone() }),
  },
  session: { strategy: "database", maxAge: 30 * 24 * 60 * 60 },
  providers: providers(),
  secret: authSecret(),
  trustHost: true,
  // Secure (and __Secure- prefixed) cookies whenever the public URL is https; HttpOnly and
  // SameSite=Lax are Auth.js's defaults for the session cookie.
  useSecureCookies: new URL(env.APP_URL).protocol === "https:",
  pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in/error" },
  logger: authLogger,
});

/** Which optional OAuth providers are configured (the sign-in page shows their buttons). */
export function oauthProviders(): { google: boolean; github: boolean } {
  return {
    google: Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET),
    github: Boolean(env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET),
  };
}
