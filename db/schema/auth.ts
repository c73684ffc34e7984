import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";
import type { AdapterAccountType } from "next-auth/adapters";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import {
  BILLING_FLAGS,
  PAYMENT_FREQUENCIES,
  PAYMENT_ISSUES,
  PLAN_TYPES,
  SUBSCRIPTION_STATUSES,
} from "./enums";

export const users = pgTable(
  "users",
  {
    id: uuidId(),
    // Auth.js fields
    name: text(),
    email: varchar({ length: 320 }).notNull().unique(),
    emailVerified: instant(),
    image: text(),
    // Profile
    firstName: varchar({ length: 100 }),
    lastName: varchar({ length: 100 }),
    senderName: varchar({ length: 100 }),
    phone: varchar({ length: 32 }),
    timezone: text().notNull().default("UTC"),
    locale: varchar({ length: 8 }).notNull().default("en"),
    // Plan and billing: written only by the billing webhook path and the period jobs.
    planType: text().notNull().default("trial"),
    isActive: boolean().notNull().default(true),
    subscriptionStatus: text().notNull().default("trial"),
    remindersQuota: integer().notNull().default(50),
    remindersUsedCurrentPeriod: integer().notNull().default(0),
    trialEndDate: instant(),
    nextBillingDate: instant(),
    billingPeriodStart: instant(),
    billingPeriodEnd: instant(),
    paymentFrequency: text(),
    paygCreditBalance: integer().notNull().default(0),
    stripeCustomerId: text().unique(),
    stripeSubscriptionId: text(),
    autoRechargeEnabled: boolean().notNull().default(false),
    autoRechargePackageIndex: integer(),
    autoRechargeThresholdCents: integer(),
    autoRechargeError: text(),
    /**
     * The latest expiry of this user's group occurrence holds (lib/delivery/group-holds.ts): until
     * then a usage reservation reads the holds; null or past, there is none to read.
     */
    groupHoldsUntil: instant(),
    /** E-mail the user when an occurrence fails for good (at most one e-mail an hour). */
    failureAlerts: boolean().notNull().default(true),
    /** The user hid the dashboard's first-run checklist before finishing it. */
    checklistHiddenAt: instant(),
    /** When the last failure alert left, and the newest failure it covered. */
    failureAlertSentAt: instant(),
    failureAlertsThrough: instant(),
    // Set by refunds and disputes of credit packages; shown on the billing page.
    billingFlag: text(),
    billingFlaggedAt: instant(),
    // A payment waiting on the user (failed bank debit, card authentication), and where to act.
    paymentIssue: text(),
    paymentActionUrl: text(),
    // Watermarks so Stripe events delivered out of order never move state backwards: the
    // newest subscription event applied, and the start of the newest paid invoice period.
    stripeSubscriptionEventAt: instant(),
    stripeInvoicePeriodStart: instant(),
    /** Secret in the user's calendar feed URL (ICS); null until created, replaced to revoke the old URL. */
    calendarToken: text().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_plan_type_check", oneOf(t.planType, PLAN_TYPES)),
    check("users_subscription_status_check", oneOf(t.subscriptionStatus, SUBSCRIPTION_STATUSES)),
    check(
      "users_payment_frequency_check",
      sql`${t.paymentFrequency} is null or ${oneOf(t.paymentFrequency, PAYMENT_FREQUENCIES)}`,
    ),
    check("users_quota_check", sql`${t.remindersQuota} >= 0`),
    check("users_used_check", sql`${t.remindersUsedCurrentPeriod} >= 0`),
    check("users_balance_check", sql`${t.paygCreditBalance} >= 0`),
    check(
      "users_billing_flag_check",
      sql`${t.billingFlag} is null or ${oneOf(t.billingFlag, BILLING_FLAGS)}`,
    ),
    check(
      "users_payment_issue_check",
      sql`${t.paymentIssue} is null or ${oneOf(t.paymentIssue, PAYMENT_ISSUES)}`,
    ),
    check(
      "users_auto_recharge_threshold_check",
      sql`${t.autoRechargeThresholdCents} is null or ${t.autoRechargeThresholdCents} >= 0`,
    ),
  ],
);

/** A user as stored: what the session lookup answers and domain functions receive. */
export type User = typeof users.$inferSelect;

export const accounts = pgTable(
  "accounts",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().$type<AdapterAccountType>().notNull(),
    provider: text().notNull(),
    providerAccountId: text().notNull(),
    refresh_token: text(),
    access_token: text(),
    expires_at: integer(),
    token_type: text(),
    scope: text(),
    id_token: text(),
    session_state: text(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

export const sessions = pgTable("sessions", {
  sessionToken: text().primaryKey(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expires: instant().notNull(),
});

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text().notNull(),
    token: text().notNull(),
    expires: instant().notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);
