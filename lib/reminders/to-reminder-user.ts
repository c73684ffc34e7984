import "server-only";
import { PLANS } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";
import { toLocale } from "@/i18n/locales";
import { configuredChannels } from "@/lib/channels/configured-channels";
import { deliveryTexts } from "@/lib/messages/delivery-texts";
import type { Actor } from "@/lib/workspaces/actor";
import { workspaceSenderName } from "@/lib/workspaces/sender-name";
import type { ReminderUser } from "./types";

/** What the reminder screens know of the person (zone, language) and their workspace's plan. */
export function toReminderUser({ user, workspace }: Actor): ReminderUser {
  const planType = workspace.planType as PlanType;
  return {
    timezone: user.timezone,
    planType,
    remindersQuota: workspace.remindersQuota,
    remindersUsedCurrentPeriod: workspace.remindersUsedCurrentPeriod,
    paygCreditBalance: workspace.paygCreditBalance,
    recurringAllowed: PLANS[planType]?.recurringAllowed ?? false,
    mediaKinds: PLANS[planType]?.mediaKinds ?? [],
    callsPerDay: PLANS[planType]?.callsPerDay ?? 0,
    // A new reminder's creator is the person writing it.
    senderName: workspaceSenderName(workspace, user),
    locale: toLocale(user.locale),
    deliveryTexts: deliveryTexts(),
    channels: configuredChannels(),
  };
}
