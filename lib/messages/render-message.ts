import { createTranslator } from "use-intl/core";
import type { DeliveryMethod } from "@/db/schema/enums";
import { env } from "@/lib/env";
import { catalogueFor } from "@/i18n/catalogues";
import { type Locale, toLocale } from "@/i18n/locales";
import type { OutgoingMessage } from "@/lib/channels/types";
import { escapeHtml } from "@/lib/mail/escape-html";
import { composeMessage } from "@/lib/messages/compose-message";
import { renderFields, type YearlyDate } from "@/lib/messages/render-fields";
import type { CivilDate } from "@/lib/recurrence/civil-date";
import { PRODUCT_NAME } from "@/config/product";

type DeliveryTranslator = ReturnType<typeof createDeliveryTranslator>;

function createDeliveryTranslator(locale: Locale) {
  return createTranslator({ ...catalogueFor(locale), namespace: "delivery" });
}

// One translator per language for the life of the process: each keeps its parsed messages and
// Intl formatters, which a fresh translator per delivery re-created every time (a CPU profile of
// a burst put ~12 % of the worker's time in message parsing and formatter set-up).
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
  /** Reply-To of e-mail reminders (the user's address). */
  senderEmail?: string;
  /** The recipient's language (contacts.locale, else users.locale). */
  locale: string | null;
  unsubscribeToken: string;
  /** SMS and WhatsApp: ask the recipient to reply YES, NO or LATER. */
  askConfirmation?: boolean;
  /** 'owner': a lead reminder to the user's own address, without the contact's unsubscribe link. */
  recipient?: "contact" | "owner";
  /** The occurrence's local day and the reminder's contact date: `{first_name}`, `{age}`, `{date}`... */
  fields?: { occurrenceDate: CivilDate; contactDate: YearlyDate | null };
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
 * are in the recipient's language: the contact's, else the owner's.
 */
export function renderMessage(parts: MessageParts): OutgoingMessage {
  const t = deliveryTranslator(parts.locale);
  const composed = composeMessage({
    channel: parts.channel,
    message: filledMessage(parts),
    contactName: parts.contactName,
    senderName: parts.senderName,
    askConfirmation: parts.askConfirmation,
    t: (key, values) => t(key, values),
  });
  const idempotencyKey = `delivery-${parts.deliveryId}`;
  if (composed.channel === "whatsapp") {
    return {
      channel: "whatsapp",
      to: parts.to,
      text: composed.text,
      locale: parts.locale ?? undefined,
      templateVariables: composed.template.ok ? composed.template.variables : undefined,
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
  const unsubscribeUrl = `${env.APP_URL.replace(/\/$/, "")}/api/unsubscribe/${parts.unsubscribeToken}`;
  const text = `${greeting}\n\n${body}\n\n${signature}\n\n${t("unsubscribe", { url: unsubscribeUrl })}\n`;
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body).replace(/\n/g, "<br>")}</p>`,
    `<p style="color:#555">${escapeHtml(signature)}</p>`,
    `<p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t("unsubscribeLink"))}</a></p>`,
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
 * A lead reminder to the user about a contact's date. It carries no unsubscribe link: the
 * contact's link would opt the contact out, and the user stops these by cancelling the reminder,
 * which the footer links to.
 */
function ownerEmail(parts: MessageParts, body: string, t: DeliveryTranslator): OutgoingMessage {
  const url = `${env.APP_URL.replace(/\/$/, "")}/reminders`;
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
