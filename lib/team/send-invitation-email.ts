import "server-only";
import { createTranslator } from "next-intl";
import type { WorkspaceRole } from "@/db/schema/enums";
import { loadMessages } from "@/i18n/messages";
import type { Locale } from "@/i18n/locales";
import { escapeHtml } from "@/lib/mail/escape-html";
import { sendMail } from "@/lib/mail/send-mail";
import { INVITATION_DAYS } from "./invitation-token";

export interface InvitationEmail {
  to: string;
  url: string;
  workspaceName: string;
  inviterName: string;
  role: WorkspaceRole;
  /** The inviter's language: the invitee's is not known yet. */
  locale: Locale;
  workspaceId: string;
}

/** The invitation e-mail (text and HTML), through the one mail path (the dev outbox without SMTP). */
export async function sendInvitationEmail(mail: InvitationEmail): Promise<void> {
  const t = createTranslator({
    locale: mail.locale,
    messages: await loadMessages(mail.locale),
    namespace: "team",
  });
  const values = {
    inviter: mail.inviterName,
    workspace: mail.workspaceName,
    role: t(`roles.${mail.role}`),
    days: INVITATION_DAYS,
  };
  const link = escapeHtml(mail.url);
  await sendMail({
    to: mail.to,
    subject: t("invitationEmail.subject", values),
    text: `${t("invitationEmail.body", values)}\n\n${mail.url}\n\n${t("invitationEmail.expiry", values)}`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<p>${escapeHtml(t("invitationEmail.body", values))}</p>
<p><a href="${link}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(t("invitationEmail.button"))}</a></p>
<p style="color:#555">${escapeHtml(t("invitationEmail.expiry", values))}</p></body></html>`,
    workspaceId: mail.workspaceId,
  });
}
