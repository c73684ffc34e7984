import "server-only";
import { createTranslator } from "next-intl";
import { loadMessages } from "@/i18n/messages";
import type { Locale } from "@/i18n/locales";
import { sendMail } from "@/lib/mail/send-mail";
import { logger } from "@/lib/logger";
import { isProduction } from "@/lib/env";
import { escapeHtml } from "@/lib/mail/escape-html";

/** Sends the sign-in link in the visitor's language, through the one mail path. */
export async function sendMagicLinkEmail(params: { to: string; url: string; locale: Locale }) {
  const t = createTranslator({
    locale: params.locale,
    messages: await loadMessages(params.locale),
    namespace: "auth",
  });
  const link = escapeHtml(params.url);
  const result = await sendMail({
    to: params.to,
    subject: t("emailSubject"),
    text: t("emailText", { url: params.url }),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<p><a href="${link}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(t("emailButton"))}</a></p>
<p style="color:#555">${escapeHtml(t("emailIgnore"))}</p></body></html>`,
  });
  if (result.outbox && !isProduction) {
    // The dev outbox has no inbox to open: print the link so a newcomer can sign in.
    console.log(`\n  Sign-in link for ${params.to}:\n  ${params.url}\n  (also listed at /dev/outbox)\n`);
  }
  logger.info("auth.magic_link_sent", { outbox: result.outbox });
}
