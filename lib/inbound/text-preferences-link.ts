import "server-only";
import { getChannel } from "@/lib/channels/get-channel";
import type { LeasedDelivery } from "@/lib/delivery/types";
import { logger } from "@/lib/logger";
import { deliveryTranslator, preferencesUrl } from "@/lib/messages/render-message";

/** The SMS a call's 8 sends: who it is from, the preferences link, and how to stop SMS. */
export function preferencesLinkSms(
  delivery: Pick<LeasedDelivery, "id" | "senderName">,
  locale: string | null,
) {
  const t = deliveryTranslator(locale);
  const sender = delivery.senderName;
  return `${t("smsFrom", { sender })} ${t("preferences", { sender, url: preferencesUrl(delivery.id) })}\n${t("smsStop")}`;
}

/**
 * 8 pressed during a reminder call: the contact gets the link to their preferences page by SMS,
 * at once, to the number the call reached (the dev outbox keeps it without Twilio). Not sent to a
 * contact who opted out of SMS (Twilio would refuse it), nor counted as a reminder. False when it
 * could not be sent.
 */
export async function textPreferencesLink(delivery: LeasedDelivery, locale: string | null): Promise<boolean> {
  if (!delivery.phone || delivery.smsOptOut) return false;
  try {
    await getChannel("sms").send({
      channel: "sms",
      to: delivery.phone,
      text: preferencesLinkSms(delivery, locale),
      locale: locale ?? undefined,
      idempotencyKey: `preferences-link-${delivery.id}`,
      workspaceId: delivery.workspaceId,
    });
    return true;
  } catch (error) {
    logger.warn("call.preferences_link_failed", {
      deliveryId: delivery.id,
      error: error instanceof Error ? error : String(error),
    });
    return false;
  }
}
