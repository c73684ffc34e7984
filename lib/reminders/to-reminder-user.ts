import "server-only";
import { PLANS } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";
import { toLocale } from "@/i18n/locales";
import { configuredChannels } from "@/lib/channels/configured-channels";
import { deliveryTexts } from "@/lib/messages/delivery-texts";
import type { User } from "@/db/schema";
import { senderNameOf } from "@/lib/users/sender-name";
import type { ReminderUser } from "./types";

export function toReminderUser(user: User): ReminderUser {
  const planType = user.planType as PlanType;
  return {
    timezone: user.timezone,
    planType,
    remindersQuota: user.remindersQuota,
    remindersUsedCurrentPeriod: user.remindersUsedCurrentPeriod,
    paygCreditBalance: user.paygCreditBalance,
    recurringAllowed: PLANS[planType]?.recurringAllowed ?? false,
    mediaKinds: PLANS[planType]?.mediaKinds ?? [],
    callsPerDay: PLANS[planType]?.callsPerDay ?? 0,
    senderName: senderNameOf(user),
    locale: toLocale(user.locale),
    deliveryTexts: deliveryTexts(),
    channels: configuredChannels(),
  };
}
