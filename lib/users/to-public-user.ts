import "server-only";
import type { User } from "@/db/schema";

/** The user fields that GET /api/auth/user returns (no Auth.js internals). */
export function toPublicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    senderName: user.senderName,
    phone: user.phone,
    timezone: user.timezone,
    locale: user.locale,
    planType: user.planType,
    isActive: user.isActive,
    subscriptionStatus: user.subscriptionStatus,
    remindersQuota: user.remindersQuota,
    remindersUsedCurrentPeriod: user.remindersUsedCurrentPeriod,
    trialEndDate: user.trialEndDate,
    nextBillingDate: user.nextBillingDate,
    billingPeriodStart: user.billingPeriodStart,
    billingPeriodEnd: user.billingPeriodEnd,
    paymentFrequency: user.paymentFrequency,
    paygCreditBalance: user.paygCreditBalance,
    stripeCustomerId: user.stripeCustomerId,
    autoRechargeEnabled: user.autoRechargeEnabled,
    autoRechargePackageIndex: user.autoRechargePackageIndex,
    autoRechargeThresholdCents: user.autoRechargeThresholdCents,
    autoRechargeError: user.autoRechargeError,
  };
}

export type PublicUser = ReturnType<typeof toPublicUser>;
