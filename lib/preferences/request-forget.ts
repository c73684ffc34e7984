import "server-only";
import type pg from "pg";
import { and, asc, eq, inArray } from "drizzle-orm";
import { users, workspaceMembers, workspaces } from "@/db/schema";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { unavailable } from "@/lib/errors/domain-error";
import { env } from "@/lib/env";
import { escapeHtml } from "@/lib/mail/escape-html";
import { sendMail } from "@/lib/mail/send-mail";
import type { PreferencesSubject } from "./preferences-subject";
import { recordPreferencesChange } from "./record-preferences-change";
import { noticeWords, preferencesWords } from "./preferences-words";

/** Who hears of a request to be forgotten: the members who can delete the contact and answer for the data. */
const TOLD_ROLES = ["owner", "admin"];

/** The e-mail telling a member that a contact asked to be forgotten, in the member's language and zone. */
export function renderForgetMail(input: {
  locale: string;
  timeZone: string;
  contactName: string;
  workspaceName: string;
  at: Date;
}) {
  const t = noticeWords(input.locale);
  const date = new Intl.DateTimeFormat(input.locale, { dateStyle: "long", timeZone: input.timeZone }).format(
    input.at,
  );
  const values = { contact: input.contactName, workspace: input.workspaceName, date };
  const url = `${env.APP_URL.replace(/\/$/, "")}/contacts`;
  const body = t("forgetMail.body", values);
  const todo = t("forgetMail.todo");
  return {
    subject: t("forgetMail.subject", values),
    text: `${body}\n\n${todo}\n\n${url}\n`,
    html: `<!doctype html><html lang="${escapeHtml(input.locale)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(body)}</p><p>${escapeHtml(todo)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(t("forgetMail.button"))}</a></p></body></html>`,
  };
}

/**
 * "Forget me": the contact asks their sender to delete their details. Recorded as
 * 'forget_requested' with the words they read; everything stops at once (they asked for nothing
 * more), and the workspace's owner and admins are told by e-mail, each in their language,
 * before the transaction commits (a refused mail leaves nothing recorded, and the page says to
 * try again). Deleting is the sender's to do: the contact's rows are theirs. Null when already asked.
 */
export async function requestForget(client: pg.PoolClient, subject: PreferencesSubject, now: Date) {
  if (subject.forgetRequestedAt) return null;
  const t = preferencesWords(subject.pageLocale);
  await recordPreferencesChange(
    client,
    subject,
    {
      change: "forget_requested",
      columns: { forgetRequestedAt: now, stoppedAt: subject.stoppedAt ?? now },
      consent: [
        {
          change: "forget_requested",
          wording: t("forget.consent", { sender: subject.senderName }),
          details: { stopped: true },
        },
      ],
    },
    now,
  );
  const tx = drizzleOnClient(client);
  const told = await tx
    .select({
      email: users.email,
      locale: users.locale,
      timezone: users.timezone,
      workspace: workspaces.name,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(eq(workspaceMembers.workspaceId, subject.workspaceId), inArray(workspaceMembers.role, TOLD_ROLES)),
    )
    .orderBy(asc(workspaceMembers.createdAt));
  for (const member of told) {
    const mail = renderForgetMail({
      locale: member.locale,
      timeZone: member.timezone,
      contactName: subject.contactName,
      workspaceName: member.workspace,
      at: now,
    });
    try {
      await sendMail({ to: member.email, ...mail, workspaceId: subject.workspaceId });
    } catch (error) {
      // The request is not recorded without its e-mail: the page says to try again.
      throw unavailable({
        code: "unavailable",
        message: `The sender could not be told: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  return { told: told.length };
}
