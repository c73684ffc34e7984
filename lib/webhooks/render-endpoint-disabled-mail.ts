import "server-only";
import { createTranslator } from "use-intl/core";
import { catalogueFor } from "@/i18n/catalogues";
import { escapeHtml } from "@/lib/mail/escape-html";

/** The e-mail telling a user one of their webhook endpoints was disabled, in their language. */
export function renderEndpointDisabledMail(input: { locale: string; url: string; appUrl: string }) {
  const catalogue = catalogueFor(input.locale);
  const t = createTranslator({ ...catalogue, namespace: "webhooks.disabledMail" });
  const settingsUrl = `${input.appUrl.replace(/\/$/, "")}/settings/developers`;
  const subject = t("subject");
  const body = t("body", { url: input.url });
  const action = t("action", { url: settingsUrl });
  const text = [body, "", action, ""].join("\n");
  const html = [
    `<!doctype html><html lang="${catalogue.locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    `<p>${escapeHtml(body)}</p><p>${escapeHtml(action)}</p></body></html>`,
  ].join("");
  return { subject, text, html };
}
