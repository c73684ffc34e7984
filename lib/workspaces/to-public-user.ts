import "server-only";
import type { Actor } from "./actor";

/**
 * What GET /api/auth/user returns: the person (no Auth.js internals), the workspace they act in
 * with their role there, and that workspace's plan and usage (the fields this answer carried
 * before workspaces existed, kept at the top level for the clients that read them).
 */
export function toPublicUser({ user, workspace, role }: Actor) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    senderName: user.senderName,
    phone: user.phone,
    timezone: user.timezone,
    locale: user.locale,
    workspace: { id: workspace.id, name: workspace.name, role },
    planType: workspace.planType,
    isActive: workspace.isActive,
    subscriptionStatus: workspace.subscriptionStatus,
    remindersQuota: workspace.remindersQuota,
    remindersUsedCurrentPeriod: workspace.remindersUsedCurrentPeriod,
    trialEndDate: workspace.trialEndDate,
    nextBillingDate: workspace.nextBillingDate,
    billingPeriodStart: workspace.billingPeriodStart,
    billingPeriodEnd: workspace.billingPeriodEnd,
    paymentFrequency: workspace.paymentFrequency,
    paygCreditBalance: workspace.paygCreditBalance,
    autoRechargeEnabled: workspace.autoRechargeEnabled,
    autoRechargePackageIndex: workspace.autoRechargePackageIndex,
    autoRechargeThresholdCents: workspace.autoRechargeThresholdCents,
    autoRechargeError: workspace.autoRechargeError,
  };
}

export type PublicUser = ReturnType<typeof toPublicUser>;
