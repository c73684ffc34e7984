import "server-only";
import { createTranslator } from "use-intl/core";
import type { DeliveryMethod } from "@/db/schema/enums";
import { catalogueFor } from "@/i18n/catalogues";
import { deliveryLogTranslator } from "@/i18n/delivery-log-translator";
import { escapeHtml } from "@/lib/mail/escape-html";

/** The "not confirmed" e-mail to the reminder's lead person: subject, text and HTML in their language and zone. */
export function renderFollowUp(input: {
  locale: string;
  timeZone: string;
  appUrl: string;
  contactName: string;
  channel: DeliveryMethod;
  message: string;
  sentAt: Date;
}) {
  const catalogue = catalogueFor(input.locale);
  const chosen = catalogue.locale;
  const t = createTranslator({ ...catalogue, namespace: "replies" });
  const log = deliveryLogTranslator(chosen).t;
  const time = new Intl.DateTimeFormat(chosen, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: input.timeZone,
  }).format(input.sentAt);
  const url = `${input.appUrl.replace(/\/$/, "")}/reminders`;
  const lead = t("followUpLead", {
    contact: input.contactName,
    channel: log(`channels.${input.channel}`),
    time,
  });
  const link = t("followUpLink", { url });
  const text = [t("followUpIntro"), "", lead, "", input.message, "", link, "", t("followUpFooter"), ""].join(
    "\n",
  );
  const html = [
    `<!doctype html><html lang="${chosen}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    `<p>${escapeHtml(t("followUpIntro"))}</p><p>${escapeHtml(lead)}</p>`,
    `<blockquote>${escapeHtml(input.message).replace(/\n/g, "<br>")}</blockquote>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(link)}</a></p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(t("followUpFooter"))}</p></body></html>`,
  ].join("");
  return { subject: t("followUpSubject", { contact: input.contactName }), text, html };
}
