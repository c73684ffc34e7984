import "server-only";
import { channelReadiness } from "@/lib/channels/channel-readiness";
import { whatsappTemplateVariables } from "@/lib/channels/whatsapp-template";
import { messagePartsOf } from "./message-parts-of";
import { playbackLine } from "@/lib/messages/compose-message";
import { deliveryTranslator, filledMessage, playbackUrls } from "@/lib/messages/render-message";
import type { LeasedDelivery, Outcome } from "./types";

/**
 * What the provider would refuse, decided before usage is reserved: a video reminder by call (a
 * call reads text or plays a recording), a voice or video reminder whose clip is not ready (never
 * sent without it), the channel's settings (production never pretends), the recipient's WhatsApp
 * opt-in, and the WhatsApp template's variables. Null when the delivery may be sent.
 */
export function channelPreflight(
  d: LeasedDelivery,
  refund: boolean,
): Extract<Outcome, { kind: "failed" }> | null {
  // Errors are read in the workspace, in the lead person's language; the template is the recipient's.
  const t = deliveryTranslator(d.locale);
  if (d.channel === "call" && d.media?.kind === "video") {
    const error = t("errors.callVideoUnsupported");
    return { kind: "failed", error, code: "call_video_unsupported", refund };
  }
  if (d.media && !d.media.ready) {
    return { kind: "failed", error: t("errors.mediaNotReady"), code: "media_not_ready", refund };
  }
  const parts = messagePartsOf(d);
  const readiness = channelReadiness(d.channel, parts.locale);
  if (!readiness.ready) {
    const error = t("errors.channelNotConfigured", { channel: d.channel, missing: readiness.missing });
    return { kind: "failed", error, code: "channel_not_configured", refund };
  }
  if (d.channel !== "whatsapp") return null;
  if (!d.whatsappConsentAt) {
    return { kind: "failed", error: t("errors.noConsent"), code: "no_consent", refund };
  }
  // The text as it will be sent: fields filled, in the recipient's language.
  const recipientT = deliveryTranslator(parts.locale);
  const body = filledMessage(parts) || recipientT("defaultMessage", { sender: d.senderName });
  // With a clip, the text template's message carries the link as well (the fallback of the
  // media template, and voice always): both must fit.
  const play = d.media
    ? ` ${playbackLine({ kind: d.media.kind, url: playbackUrls(d.id).page }, (key, values) => recipientT(key, values))}`
    : "";
  const variables = whatsappTemplateVariables(d.senderName, body + play);
  if (!variables.ok) {
    const error = t("errors.templateVariable", { problem: variables.problem, variable: variables.variable });
    return { kind: "failed", error, code: "template_variable_invalid", refund };
  }
  return null;
}
