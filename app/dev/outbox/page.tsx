import { notFound } from "next/navigation";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { TIME_ZONE_COOKIE, timeZoneFromCookie } from "@/lib/time/time-zone-cookie";
import { OutboxHtml } from "@/components/dev/outbox-html";
import { OutboxSentAt } from "@/components/dev/outbox-sent-at";
import { outboxEnabled } from "@/lib/outbox/outbox-enabled";
import { OUTBOX_CALL_KEYS } from "@/lib/validations/outbox-reply";
import { listOutboxMessages } from "@/lib/outbox/list-outbox-messages";
import { getCurrentActor } from "@/lib/auth/current-user";
import { outboxCallOf } from "@/lib/channels/outbox-call";
import { CallScript } from "@/components/dev/call-script";
import { Linkified } from "@/components/dev/linkified";
import { OutboxKeypad, type OutboxKeypadLabels } from "@/components/dev/outbox-keypad";
import { OutboxReply, type OutboxReplyLabels } from "@/components/dev/outbox-reply";

export const dynamic = "force-dynamic";

/**
 * Messages kept instead of sent (no SMTP or Twilio settings), each SMS and WhatsApp one with
 * replies to send as its recipient, each call in words with its keypad; signed in, the current
 * workspace's only (lib/outbox/list-outbox-messages.ts). Development only: a 404 in production.
 */
export default async function DevOutboxPage() {
  if (!outboxEnabled()) notFound();
  const actor = await getCurrentActor();
  const [messages, t, cookieStore] = await Promise.all([
    listOutboxMessages(actor && { workspaceId: actor.workspace.id, email: actor.user.email }),
    getTranslations("outbox"),
    cookies(),
  ]);
  // The viewer's zone: their account's, else their browser's (the head script's cookie), else UTC.
  const viewerZone =
    actor?.user.timezone ?? timeZoneFromCookie(cookieStore.get(TIME_ZONE_COOKIE)?.value) ?? "UTC";
  const labels = (to: string): OutboxReplyLabels => ({
    legend: t("reply.legend", { to }),
    other: t("reply.other"),
    send: t("reply.send"),
    // Filled in the browser with the reply and the answer.
    sent: t.raw("reply.sent") as string,
    answer: t.raw("reply.answer") as string,
    noAnswer: t("reply.noAnswer"),
    failed: t.raw("reply.failed") as string,
  });
  const keypadLabels = (to: string): OutboxKeypadLabels => ({
    legend: t("call.keypad.legend", { to }),
    keys: Object.fromEntries(
      OUTBOX_CALL_KEYS.map((key) => [key, t(`call.keypad.keys.${key}`)]),
    ) as OutboxKeypadLabels["keys"],
    // Filled in the browser with the key and what the call says.
    pressed: t.raw("call.keypad.pressed") as string,
    says: t.raw("call.keypad.says") as string,
    ended: t("call.keypad.ended"),
    again: t("call.keypad.again"),
    failed: t.raw("call.keypad.failed") as string,
  });
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-6">
      <header>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("description")}</p>
      </header>
      {messages.length === 0 ? <p>{t("empty")}</p> : null}
      <ol className="space-y-4">
        {messages.map((message) => (
          <li key={message.id} className="rounded-lg border p-4" data-testid="outbox-message">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">{t("channel")}</dt>
              <dd>{message.channel}</dd>
              <dt className="font-medium">{t("to")}</dt>
              <dd data-testid="outbox-to">{message.to}</dd>
              {message.from ? (
                <>
                  <dt className="font-medium">{t("from")}</dt>
                  <dd>{message.from}</dd>
                </>
              ) : null}
              {message.subject ? (
                <>
                  <dt className="font-medium">{t("subject")}</dt>
                  <dd>{message.subject}</dd>
                </>
              ) : null}
              <dt className="font-medium">{t("sentAt")}</dt>
              <dd>
                <OutboxSentAt at={message.createdAt} timeZone={viewerZone} />
              </dd>
            </dl>
            {message.channel === "call" ? (
              <OutboxCall message={message} labels={keypadLabels(message.to)} />
            ) : (
              <pre className="mt-3 whitespace-pre-wrap break-words rounded bg-muted p-3 text-sm">
                <Linkified text={message.text} />
              </pre>
            )}
            {message.html ? <OutboxHtml html={message.html} /> : null}
            {message.channel === "sms" || message.channel === "whatsapp" ? (
              <OutboxReply messageId={message.id} labels={labels(message.to)} />
            ) : null}
          </li>
        ))}
      </ol>
    </main>
  );
}

/** A call in words, with its keypad when it takes keys (a placed call, not an answer to a key). */
function OutboxCall({
  message,
  labels,
}: {
  message: { id: number; text: string; headers: string | null };
  labels: OutboxKeypadLabels;
}) {
  const call = outboxCallOf(message);
  return (
    <>
      <CallScript call={call} twiml={message.text} />
      {call.gatherUrl ? <OutboxKeypad messageId={message.id} keys={call.keys} labels={labels} /> : null}
    </>
  );
}
