import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import { escapeHtml } from "@/lib/mail/escape-html";
import { deliveryLogTranslator } from "@/i18n/delivery-log-translator";
import { failureReason } from "@/lib/channels/failure-reasons";

export interface AlertedFailure {
  contactName: string;
  channel: DeliveryMethod;
  errorCode: string | null;
  occurrenceAt: Date;
}

/** Failures listed in one e-mail; the rest are counted in the subject and on the activity page. */
export const ALERT_LIST_MAX = 20;

/** The alert e-mail: subject, text and HTML in the recipient member's language, times in their zone. */
export function renderFailureAlert(input: {
  locale: string;
  timeZone: string;
  appUrl: string;
  total: number;
  failures: AlertedFailure[];
}) {
  const { t, locale } = deliveryLogTranslator(input.locale);
  const base = input.appUrl.replace(/\/$/, "");
  const activityUrl = `${base}/activity?status=failed`;
  const settingsUrl = `${base}/settings`;
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: input.timeZone,
  });
  const lines = input.failures.slice(0, ALERT_LIST_MAX).map((f) => {
    const reason = failureReason(f.channel, f.errorCode);
    const words = reason ? t(reason.messageKey as "reasons.unknown") : t("reasons.unknown");
    return t("alerts.line", {
      contact: f.contactName,
      channel: t(`channels.${f.channel}`),
      time: when.format(f.occurrenceAt),
      reason: reason ? `${words} (${reason.rawCode})` : words,
    });
  });
  const subject = t("alerts.subject", { count: input.total });
  const link = t("alerts.link", { url: activityUrl });
  const footer = t("alerts.footer", { url: settingsUrl });
  const text = [
    t("alerts.intro"),
    "",
    t("alerts.lead"),
    ...lines.map((l) => `- ${l}`),
    "",
    link,
    "",
    footer,
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    `<p>${escapeHtml(t("alerts.intro"))}</p><p>${escapeHtml(t("alerts.lead"))}</p><ul>`,
    ...lines.map((l) => `<li>${escapeHtml(l)}</li>`),
    `</ul><p><a href="${escapeHtml(activityUrl)}">${escapeHtml(link)}</a></p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(footer)}</p></body></html>`,
  ].join("");
  return { subject, text, html };
}
