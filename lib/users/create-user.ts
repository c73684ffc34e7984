import "server-only";
import { addDays } from "date-fns";
import { PLANS, TRIAL_DAYS } from "@/config/plans";
import { users } from "@/db/schema";
import { db } from "@/lib/db";
import type { Locale } from "@/i18n/locales";

export interface NewUserInput {
  email: string;
  name?: string | null;
  image?: string | null;
  emailVerified?: Date | null;
  locale?: Locale;
  /** The browser's IANA zone at sign-up; UTC without one. */
  timezone?: string | null;
}

/** Every new account starts a 7-day trial: 50 reminders, 0 used, active, UTC (until told otherwise). */
export function trialDefaults(now: Date) {
  const trialEnd = addDays(now, TRIAL_DAYS);
  return {
    planType: "trial" as const,
    subscriptionStatus: "trial" as const,
    isActive: true,
    remindersQuota: PLANS.trial.remindersLimit ?? 0,
    remindersUsedCurrentPeriod: 0,
    trialEndDate: trialEnd,
    billingPeriodStart: now,
    billingPeriodEnd: trialEnd,
    timezone: "UTC",
  };
}

export async function createUser(input: NewUserInput, now = new Date()) {
  const [firstName, ...rest] = (input.name ?? "").trim().split(/\s+/);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      name: input.name ?? null,
      image: input.image ?? null,
      emailVerified: input.emailVerified ?? null,
      firstName: firstName || null,
      lastName: rest.join(" ") || null,
      locale: input.locale ?? "en",
      ...trialDefaults(now),
      timezone: input.timezone || "UTC",
    })
    .returning();
  return user;
}
