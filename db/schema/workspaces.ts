import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import {
  BILLING_FLAGS,
  INVITABLE_ROLES,
  PAYMENT_FREQUENCIES,
  PAYMENT_ISSUES,
  PLAN_TYPES,
  SENDER_IDENTITIES,
  SUBSCRIPTION_STATUSES,
  WORKSPACE_EVENT_KINDS,
  WORKSPACE_ROLES,
} from "./enums";
import { users } from "./auth";

/**
 * What a team shares: every contact, group, reminder, template, recording, delivery, API key,
 * webhook endpoint, credit and subscription belongs to a workspace. A person's personal
 * workspace has the person's own id (every account became one that way, losing nothing).
 */
export const workspaces = pgTable(
  "workspaces",
  {
    id: uuidId(),
    name: varchar({ length: 100 }).notNull(),
    /** Whose name contacts see: the workspace's, or the member who created the reminder. */
    senderIdentity: text().notNull().default("member"),
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
    /** Members bought beyond the plan's own (a Stripe subscription item's quantity). */
    extraSeats: integer().notNull().default(0),
    stripeCustomerId: text().unique(),
    stripeSubscriptionId: text(),
    autoRechargeEnabled: boolean().notNull().default(false),
    autoRechargePackageIndex: integer(),
    autoRechargeThresholdCents: integer(),
    autoRechargeError: text(),
    /**
     * The latest expiry of this workspace's group occurrence holds (lib/delivery/group-holds.ts):
     * until then a usage reservation reads the holds; null or past, there is none to read.
     */
    groupHoldsUntil: instant(),
    /** When the last failure alert left, and the newest failure it covered. */
    failureAlertSentAt: instant(),
    failureAlertsThrough: instant(),
    // Set by refunds and disputes of credit packages; shown on the billing page.
    billingFlag: text(),
    billingFlaggedAt: instant(),
    // A payment waiting on the owner (failed bank debit, card authentication), and where to act.
    paymentIssue: text(),
    paymentActionUrl: text(),
    // Watermarks so Stripe events delivered out of order never move state backwards: the
    // newest subscription event applied, and the start of the newest paid invoice period.
    stripeSubscriptionEventAt: instant(),
    stripeInvoicePeriodStart: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("workspaces_sender_identity_check", oneOf(t.senderIdentity, SENDER_IDENTITIES)),
    check("workspaces_plan_type_check", oneOf(t.planType, PLAN_TYPES)),
    check("workspaces_subscription_status_check", oneOf(t.subscriptionStatus, SUBSCRIPTION_STATUSES)),
    check(
      "workspaces_payment_frequency_check",
      sql`${t.paymentFrequency} is null or ${oneOf(t.paymentFrequency, PAYMENT_FREQUENCIES)}`,
    ),
    check("workspaces_quota_check", sql`${t.remindersQuota} >= 0`),
    check("workspaces_used_check", sql`${t.remindersUsedCurrentPeriod} >= 0`),
    check("workspaces_balance_check", sql`${t.paygCreditBalance} >= 0`),
    check("workspaces_extra_seats_check", sql`${t.extraSeats} >= 0`),
    check(
      "workspaces_billing_flag_check",
      sql`${t.billingFlag} is null or ${oneOf(t.billingFlag, BILLING_FLAGS)}`,
    ),
    check(
      "workspaces_payment_issue_check",
      sql`${t.paymentIssue} is null or ${oneOf(t.paymentIssue, PAYMENT_ISSUES)}`,
    ),
    check(
      "workspaces_auto_recharge_threshold_check",
      sql`${t.autoRechargeThresholdCents} is null or ${t.autoRechargeThresholdCents} >= 0`,
    ),
  ],
);

export type Workspace = typeof workspaces.$inferSelect;

/** Who belongs to a workspace, with which role. Exactly one owner per workspace. */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().notNull(),
    /** Secret in this member's calendar feed URL (ICS) of the workspace; replaced to revoke the old URL. */
    calendarToken: text().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_members_user_idx").on(t.userId),
    // At most one owner; transfers swap roles in one transaction, and the owner cannot leave.
    uniqueIndex("workspace_members_one_owner_key").on(t.workspaceId).where(sql`${t.role} = 'owner'`),
    check("workspace_members_role_check", oneOf(t.role, WORKSPACE_ROLES)),
  ],
);

export type WorkspaceMember = typeof workspaceMembers.$inferSelect;

/** An e-mailed invitation to join a workspace: its link carries a token whose hash is kept. */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: varchar({ length: 320 }).notNull(),
    role: text().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    acceptedAt: instant(),
    acceptedBy: text().references(() => users.id, { onDelete: "set null" }),
    revokedAt: instant(),
  },
  (t) => [
    index("workspace_invitations_workspace_idx").on(t.workspaceId, t.createdAt.desc()),
    // One open invitation per address and workspace: inviting again resends it.
    uniqueIndex("workspace_invitations_open_key")
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check("workspace_invitations_role_check", oneOf(t.role, INVITABLE_ROLES)),
  ],
);

export type WorkspaceInvitation = typeof workspaceInvitations.$inferSelect;

/**
 * The activity trail: who did what in a workspace. Partitioned by month on created_at and kept
 * as long as deliveries (config/retention.ts). `actorId` is null for what no person did (a
 * Stripe event, the engine); `apiKeyId` says the person acted through an API key.
 */
export const workspaceEvents = pgTable(
  "workspace_events",
  {
    id: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    /** The actor's name when it happened: the trail still reads right once they are gone. */
    actorName: varchar({ length: 200 }),
    apiKeyId: text(),
    kind: text().notNull(),
    /** The record acted on (a reminder, contact, member, key or endpoint id), when there is one. */
    subjectId: text(),
    /** What the trail shows of the subject (a contact's name, a member's e-mail, a role...). */
    details: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "workspace_events_pkey", columns: [t.id, t.createdAt] }),
    index("workspace_events_workspace_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("workspace_events_subject_idx").on(t.subjectId, t.createdAt.desc()),
    check("workspace_events_kind_check", oneOf(t.kind, WORKSPACE_EVENT_KINDS)),
  ],
);

export type WorkspaceEvent = typeof workspaceEvents.$inferSelect;
