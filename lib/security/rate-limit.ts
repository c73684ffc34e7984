import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { rateLimits } from "@/db/schema";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { rateLimited } from "@/lib/errors/domain-error";

export interface RateLimit {
  /** What is limited, e.g. "magic-link". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Where a subject stands in the current window after one more call (RateLimit-* headers). */
export interface RateLimitState {
  limit: number;
  /** Calls left in this window (0 once over). */
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
  /** False once this call went past the limit. */
  allowed: boolean;
}

function windowOf(rule: RateLimit, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { start, resetSeconds: Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000) };
}

/**
 * Fixed-window counter in PostgreSQL, so every app instance shares it: counts one call for
 * `subject` and says where it stands. Old windows are deleted by the hourly clean-up job
 * (jobs/tasks/purge-expired-rows.ts).
 */
export async function consumeRateLimit(
  rule: RateLimit,
  subject: string,
  now = new Date(),
): Promise<RateLimitState> {
  const window = windowOf(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject}`, windowStart: window.start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 0;
  return {
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetSeconds: window.resetSeconds,
    allowed: count <= rule.limit,
  };
}

/** Where `subject` stands in the current window, without counting a call: allowed while below the limit. */
export async function peekRateLimit(rule: RateLimit, subject: string, now = new Date()): Promise<RateLimitState> {
  const window = windowOf(rule, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `${rule.name}:${subject}`), eq(rateLimits.windowStart, window.start)));
  const count = row?.count ?? 0;
  return {
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetSeconds: window.resetSeconds,
    allowed: count < rule.limit,
  };
}

/** Counts one call; throws a rate-limited DomainError once `limit` calls fall in the current window. */
export async function enforceRateLimit(rule: RateLimit, subject: string, now = new Date()): Promise<void> {
  const state = await consumeRateLimit(rule, subject, now);
  if (!state.allowed) throw rateLimited(state.resetSeconds);
}

/** Every rate limit of the app, in one place. */
export const RATE_LIMITS = {
  magicLink: { name: "magic-link", limit: 5, windowSeconds: 600 },
  // Every magic link the site sends in the window: far above real sign-in traffic.
  magicLinkSite: { name: "magic-link-site", limit: env.MAGIC_LINK_SITE_LIMIT, windowSeconds: 600 },
  // Reminder creates and edits per user per minute: far above any person's pace, a brake on scripts.
  reminderWrite: { name: "reminders-write", limit: 120, windowSeconds: 60 },
  checkout: { name: "checkout", limit: 20, windowSeconds: 60 },
  sendNow: { name: "send-now", limit: 30, windowSeconds: 60 },
  import: { name: "import", limit: 10, windowSeconds: 600 },
  upload: { name: "upload", limit: 60, windowSeconds: 600 },
  // Clip upload calls per user: one signed URL per part (a 500 MB video in 5 MB parts is 100 calls).
  mediaUpload: { name: "media-upload", limit: 600, windowSeconds: 600 },
  // Calendar feed fetches per address: generous, since a calendar service fetches many users'
  // feeds from few addresses; a brake on scripts, not on calendar apps.
  calendarFeed: { name: "calendar-feed", limit: 600, windowSeconds: 600 },
  // Public API calls per key: a steady integration's pace, with room for a burst of syncs.
  apiKey: { name: "api-key", limit: 120, windowSeconds: 60 },
  // Wrong API keys per client address and per visible key prefix (rmd_ and 8 characters).
  apiKeyFailure: { name: "api-key-failure", limit: 20, windowSeconds: 600 },
  // Invitation e-mails (new and resent) per person: a team grows by a few at a time.
  invitation: { name: "invitation", limit: 30, windowSeconds: 600 },
  // Webhook endpoint writes and test sends per user: each may resolve a host name and queue a POST.
  webhookWrite: { name: "webhook-write", limit: 60, windowSeconds: 600 },
  // Activity trail exports per person: each reads the whole filter, a few a minute is plenty.
  trailExport: { name: "trail-export", limit: 10, windowSeconds: 60 },
  // Writes of one preferences link (its delivery): a person choosing, switching language and
  // saving a few times; a brake on a leaked link being replayed (each write may send a message).
  preferencesWrite: { name: "preferences-write", limit: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;
