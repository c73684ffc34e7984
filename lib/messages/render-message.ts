import { IntlMessageFormat } from "intl-messageformat";
import { createTranslator } from "use-intl/core";
import type { DeliveryMethod } from "@/db/schema/enums";
import { env } from "@/lib/env";
import { catalogueFor } from "@/i18n/catalogues";
import { type Locale, toLocale } from "@/i18n/locales";
import type { OutgoingMessage } from "@/lib/channels/types";
import { escapeHtml } from "@/lib/mail/escape-html";
import { whatsappMediaTemplateVariables } from "@/lib/channels/whatsapp-template";
import { callAudioToken } from "@/lib/media/call-audio-token";
import { playbackToken } from "@/lib/media/playback-token";
import { preferencesToken } from "@/lib/consent/preferences-token";
import { callWebhookUrl } from "@/lib/channels/call-webhook-url";
import { composeMessage } from "@/lib/messages/compose-message";
import { renderFields, type YearlyDate } from "@/lib/messages/render-fields";
import { dropDoubledStops } from "@/lib/messages/drop-doubled-stops";
import type { CivilDate } from "@/lib/recurrence/civil-date";
import { PRODUCT_NAME } from "@/config/product";
import { CALL_AUDIO_LINK_MS } from "@/config/calls";

type IntlDeliveryTranslator = ReturnType<typeof createIntlTranslator>;

function createIntlTranslator(locale: Locale) {
  return createTranslator({ ...catalogueFor(locale), namespace: "delivery" });
}

/** A `delivery.*` message in one language, with its values (names ending with a stop keep one). */
export type DeliveryTranslator = (
  key: Parameters<IntlDeliveryTranslator>[0],
  values?: Parameters<IntlDeliveryTranslator>[1],
) => string;

/**
 * Each message parsed once per language and kept: a translator's own call looks its message
 * format up in a cache keyed by the message, language and formats serialised on every call, and
 * that lookup was a tenth of the engine's CPU and allocations in a burst (docs/PERFORMANCE.md).
 * The catalogue is still read through use-intl (`t.raw`), so keys stay typed.
 */
function createDeliveryTranslator(locale: Locale): DeliveryTranslator {
  const t = createIntlTranslator(locale);
  const formats = new Map<string, IntlMessageFormat>();
  return (key, values) => {
    let format = formats.get(key);
    if (!format) formats.set(key, (format = new IntlMessageFormat(t.raw(key) as string, locale)));
    return dropDoubledStops(String(format.format(values)), values);
  };
}

// One translator per language for the life of the process.
const translators = new Map<Locale, DeliveryTranslator>();

export function deliveryTranslator(locale: string | null | undefined): DeliveryTranslator {
  const chosen: Locale = toLocale(locale);
  let t = translators.get(chosen);
  if (!t) translators.set(chosen, (t = createDeliveryTranslator(chosen)));
  return t;
}

export interface MessageParts {
  deliveryId: number;
  channel: DeliveryMethod;
  to: string;
  contactName: string;
  message: string | null;
  senderName: string;
  /** Reply-To of e-mail reminders (the reminder's lead person's address). */
  senderEmail?: string;
  /** The recipient's language (contacts.locale, else the reminder's lead person's). */
  locale: string | null;
  /** The workspace whose reminder this is: a copy kept in the dev outbox names it. */
  workspaceId?: string;
  unsubscribeToken: string;
  /** SMS and WhatsApp: ask the recipient to reply YES, NO or LATER. */
  askConfirmation?: boolean;
  /** 'owner': a lead reminder to a member's own address, without the contact's unsubscribe link. */
  recipient?: "contact" | "owner";
  /** The occurrence's local day and the reminder's contact date: `{first_name}`, `{age}`, `{date}`... */
  fields?: { occurrenceDate: CivilDate; contactDate: YearlyDate | null };
  /** Voice and video: the clip the message links to (its playback page is this delivery's). */
  media?: MessageMedia;
}

export interface MessageMedia {
  kind: "voice" | "video";
  hasPoster: boolean;
  /** A video of at most 16 MB exists for WhatsApp's media template. */
  whatsappVideo: boolean;
}

const appUrl = () => env.APP_URL.replace(/\/$/, "");

/** The delivery's playback page and its files: `<APP_URL>/play/<token>`, `<APP_URL>/api/play/<token>/…`. */
export function playbackUrls(deliveryId: number) {
  const token = playbackToken(deliveryId);
  return {
    token,
    page: `${appUrl()}/play/${token}`,
    poster: `${appUrl()}/api/play/${token}/poster`,
    /** {{3}} of the WhatsApp media template, after its fixed `<APP_URL>/api/play/`. */
    whatsappVideoPath: `${token}/video.mp4`,
  };
}

/**
 * The contact's preferences page, reached from the message this delivery carried:
 * `<APP_URL>/prefs/<token>` (what each channel carries of it: docs/preferences.md).
 */
export function preferencesUrl(deliveryId: number): string {
  return `${appUrl()}/prefs/${preferencesToken(deliveryId)}`;
}

/**
 * Where Twilio fetches a voice reminder's recording during its call (<Play>):
 * `<APP_URL>/api/play/<token>/call.mp3`, the token expiring CALL_AUDIO_LINK_MS after `now`.
 */
export function callAudioUrl(deliveryId: number, now = new Date()): string {
  const token = callAudioToken(deliveryId, new Date(now.getTime() + CALL_AUDIO_LINK_MS));
  return `${appUrl()}/api/play/${token}/call.mp3`;
}

/** The reminder's own text with its fields filled in for this occurrence; null when it has none. */
export function filledMessage(parts: MessageParts): string | null {
  const written = parts.message?.trim();
  if (!written || !parts.fields) return written || null;
  return renderFields(written, {
    contactName: parts.contactName,
    senderName: parts.senderName,
    locale: toLocale(parts.locale),
    ...parts.fields,
  });
}

/**
 * The text of one occurrence. Its fixed lines (greeting, signature, STOP line, unsubscribe)
 * are in the recipient's language: the contact's, else the reminder's lead person's.
 */
export function renderMessage(parts: MessageParts): OutgoingMessage {
  const message = composeOutgoing(parts);
  if (parts.workspaceId) message.workspaceId = parts.workspaceId;
  return message;
}

function composeOutgoing(parts: MessageParts): OutgoingMessage {
  const t = deliveryTranslator(parts.locale);
  const urls = parts.media ? playbackUrls(parts.deliveryId) : null;
  // A lead reminder goes to a member's own address: the contact's page is not theirs.
  const preferences = parts.recipient === "owner" ? null : preferencesUrl(parts.deliveryId);
  const message = filledMessage(parts);
  const composed = composeMessage({
    channel: parts.channel,
    message,
    contactName: parts.contactName,
    senderName: parts.senderName,
    askConfirmation: parts.askConfirmation,
    playback: parts.media && urls ? { kind: parts.media.kind, url: urls.page } : undefined,
    preferences: preferences ? { url: preferences } : undefined,
    t: (key, values) => t(key, values),
  });
  const idempotencyKey = `delivery-${parts.deliveryId}`;
  if (composed.channel === "call") {
    return {
      channel: "call",
      to: parts.to,
      text: composed.text ?? "",
      locale: parts.locale ?? undefined,
      askConfirmation: parts.askConfirmation,
      call: {
        locale: parts.locale,
        lines: { greeting: composed.greeting, prompt: composed.prompt, goodbye: composed.goodbye },
        text: composed.text,
        // A voice reminder plays its recording: a fresh link each time the call's script is made.
        audioUrl: parts.media?.kind === "voice" ? callAudioUrl(parts.deliveryId) : undefined,
        gatherUrl: callWebhookUrl("gather", parts.deliveryId),
      },
      idempotencyKey,
    };
  }
  if (composed.channel === "whatsapp") {
    const body = message || t("defaultMessage", { sender: parts.senderName });
    return {
      channel: "whatsapp",
      to: parts.to,
      text: composed.text,
      locale: parts.locale ?? undefined,
      templateVariables: composed.template.ok ? composed.template.variables : undefined,
      mediaTemplateVariables:
        parts.media?.whatsappVideo && urls
          ? (mediaVariables(parts.senderName, body, urls.whatsappVideoPath, preferences, t) ?? undefined)
          : undefined,
      askConfirmation: parts.askConfirmation,
      idempotencyKey,
    };
  }
  if (composed.channel === "sms")
    return {
      channel: "sms",
      to: parts.to,
      text: composed.text,
      askConfirmation: parts.askConfirmation,
      idempotencyKey,
    };
  const { greeting, body, signature } = composed;
  if (parts.recipient === "owner") return ownerEmail(parts, body, t);
  const unsubscribeUrl = `${appUrl()}/api/unsubscribe/${parts.unsubscribeToken}`;
  const play =
    parts.media && urls
      ? `\n\n${t(parts.media.kind === "video" ? "playVideo" : "playVoice", { url: urls.page })}`
      : "";
  const sender = { sender: parts.senderName };
  const choose = preferences ? `${t("preferences", { ...sender, url: preferences })}\n` : "";
  const text = `${greeting}\n\n${body}${play}\n\n${signature}\n\n${choose}${t("unsubscribe", { url: unsubscribeUrl })}\n`;
  const chooseHtml = preferences
    ? `<a href="${escapeHtml(preferences)}">${escapeHtml(t("preferencesLink", sender))}</a> &middot; `
    : "";
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body).replace(/\n/g, "<br>")}</p>`,
    parts.media && urls ? playbackHtml(parts.media, urls, t) : "",
    `<p style="color:#555">${escapeHtml(signature)}</p>`,
    `<p style="font-size:12px;color:#555">${chooseHtml}<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t("unsubscribeLink"))}</a></p>`,
    `</body></html>`,
  ].join("");
  return {
    channel: "email",
    to: parts.to,
    fromName: composed.fromName,
    replyTo: parts.senderEmail,
    subject: composed.subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    idempotencyKey,
  };
}

/**
 * The WhatsApp media template's variables: the preferences line follows the message in {{2}}, as
 * in the text template, when the variables still fit (composeMessage's rule).
 */
function mediaVariables(
  senderName: string,
  body: string,
  videoPath: string,
  preferences: string | null,
  t: DeliveryTranslator,
) {
  const line = preferences ? ` ${t("preferencesLine", { url: preferences })}` : "";
  return (
    whatsappMediaTemplateVariables(senderName, `${body}${line}`, videoPath) ??
    whatsappMediaTemplateVariables(senderName, body, videoPath)
  );
}

/**
 * The clip in an e-mail: the poster (a video's) and a Play button, both to the playback page. No
 * attachment: a link plays on any phone and keeps the message small.
 */
function playbackHtml(
  media: MessageMedia,
  urls: ReturnType<typeof playbackUrls>,
  t: DeliveryTranslator,
): string {
  const label = escapeHtml(t(media.kind === "video" ? "emailPlayVideo" : "emailPlayVoice"));
  const page = escapeHtml(urls.page);
  const poster =
    media.kind === "video" && media.hasPoster
      ? `<p><a href="${page}"><img src="${escapeHtml(urls.poster)}" alt="${label}" width="480" style="display:block;max-width:100%;height:auto;border:0;border-radius:8px"></a></p>`
      : "";
  const button = `<p><a href="${page}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">&#9654; ${label}</a></p>`;
  return poster + button;
}

/**
 * A lead reminder to a member about a contact's date. It carries no unsubscribe link: the
 * contact's link would opt the contact out, and the member stops these by cancelling the reminder,
 * which the footer links to.
 */
function ownerEmail(parts: MessageParts, body: string, t: DeliveryTranslator): OutgoingMessage {
  const url = `${appUrl()}/reminders`;
  const text = `${t("owner.greeting")}\n\n${body}\n\n${t("owner.footer", { url })}\n`;
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    `<p>${escapeHtml(t("owner.greeting"))}</p>`,
    `<p>${escapeHtml(body).replace(/\n/g, "<br>")}</p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(t("owner.footer", { url }))}</p>`,
    `</body></html>`,
  ].join("");
  return {
    channel: "email",
    to: parts.to,
    fromName: PRODUCT_NAME,
    subject: t("owner.subject", { name: parts.contactName }),
    text,
    html,
    idempotencyKey: `delivery-${parts.deliveryId}`,
  };
}
