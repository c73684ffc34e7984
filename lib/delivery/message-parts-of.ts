import "server-only";
import type { MessageParts } from "@/lib/messages/render-message";
import type { LeasedDelivery } from "./types";

/** What rendering a leased delivery's message needs: its recipient, language and fields. */
export function messagePartsOf(d: LeasedDelivery): MessageParts {
  return {
    deliveryId: d.id,
    workspaceId: d.workspaceId,
    channel: d.channel,
    to: (d.channel === "email" ? d.email : d.phone) ?? "",
    contactName: d.contactName,
    message: d.message,
    senderName: d.senderName,
    senderEmail: d.senderEmail,
    locale: d.contactLocale ?? d.locale,
    unsubscribeToken: d.unsubscribeToken,
    askConfirmation: d.askConfirmation,
    // The engine sends to contacts (a group's members have reminders of their own) and owners.
    recipient: d.recipient === "owner" ? "owner" : "contact",
    fields: { occurrenceDate: d.occurrenceDate, contactDate: d.contactDate },
    media: d.media
      ? { kind: d.media.kind, hasPoster: d.media.hasPoster, whatsappVideo: d.media.whatsappVideo }
      : undefined,
  };
}
