import "server-only";
import { sql, type Column } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, reminders } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { fromZodError } from "@/lib/errors/zod-error";
import { twilioStatusSchema } from "@/lib/validations/twilio-webhook";
import { TWILIO_ERRORS } from "@/lib/channels/twilio-errors";
import { withTransaction } from "@/lib/db/with-transaction";
import { continueChain } from "@/lib/delivery/continue-chain";
import { deliveryEventColumns, deliveryEventData } from "@/lib/delivery/delivery-event";
import { failReminders } from "@/lib/delivery/fail-reminders";
import { refundUsage } from "@/lib/delivery/refund-usage";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { scheduleFailureAlerts } from "@/lib/alerts/schedule-failure-alerts";
import { webhookFanOut } from "@/lib/webhooks/webhook-fan-out";
import { isoInstant } from "@/lib/webhooks/iso-instant";
import { queueWebhookDispatch } from "@/lib/webhooks/queue-webhook-dispatch";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";

const d = alias(deliveries, "d");
const c = alias(contacts, "c");
const r = alias(reminders, "r");
/** The reasons are written in the reminder's lead person's language (lib/delivery/leased-row.ts). */
const people = reminderPeopleSql({ workspaceId: r.workspaceId, createdBy: r.createdBy });

/** The callback's message: its SID, the delivery its URL names, and the recipient it went to. */
interface Target {
  sid: string;
  deliveryId: number;
  channel: "sms" | "whatsapp";
  phone: string;
}

const IS_TARGET = (p: { [K in keyof Target]: unknown }) =>
  sql`${d.providerMessageId} = ${p.sid} and ${d.id} = ${p.deliveryId} and ${d.channel} = ${p.channel}
    and ${c.id} = ${d.contactId} and ${c.phone} = ${p.phone}`;

const EVENT_COLUMNS = deliveryEventColumns(d);
const eventData = deliveryEventData;

/** Marks it delivered, with a `delivery.delivered` webhook event (`hooks`: messages written). */
const MARK_DELIVERED = compileStatement<Target, { n: number; hooks: number }>(
  (p) => sql`with done as (
    update ${deliveries} ${d}
      set ${columnName(d.status)} = 'delivered', ${columnName(d.deliveredAt)} = now(),
          ${columnName(d.updatedAt)} = now()
     from ${contacts} ${c}
    where ${IS_TARGET(p)} and ${d.status} = 'sent'
    returning ${EVENT_COLUMNS}, ${d.sentAt} as sent_at),
  hooks as (${webhookFanOut(sql`select workspace_id, 'delivery.delivered' as type,
      ${eventData(sql`'sentAt', ${isoInstant(sql`sent_at`)}, 'deliveredAt', ${isoInstant(sql`now()`)}`)} as data,
      now() as occurred_at from done`)} returning 1)
  select (select count(*) from done)::int as n, (select count(*) from hooks)::int as hooks`,
);

/** Marks it failed, with a `delivery.failed` webhook event (`hooks`: messages written). */
const MARK_FAILED = compileStatement<
  Target & { code: string },
  {
    id: string;
    reminder_id: string;
    workspace_id: string;
    contact_id: string;
    channel: string;
    occurrence_at: Date;
    locale: string;
    hooks: number;
  }
>(
  (p) => sql`with failed as (
    update ${deliveries} ${d}
      set ${columnName(d.status)} = 'failed', ${columnName(d.errorCode)} = ${p.code}, ${columnName(d.updatedAt)} = now()
     from ${contacts} ${c}, ${reminders} ${r} ${people.join}
    where ${IS_TARGET(p)} and ${d.status} in ('sent', 'delivered') and ${r.id} = ${d.reminderId}
    returning ${EVENT_COLUMNS}, coalesce(${people.lead.locale}, 'en') as locale),
  hooks as (${webhookFanOut(sql`select workspace_id, 'delivery.failed' as type,
      ${eventData(sql`'errorCode', ${p.code}::text`)} as data, now() as occurred_at from failed`)} returning 1)
  select id, reminder_id, workspace_id, contact_id, channel, occurrence_at, locale, (select count(*) from hooks)::int as hooks
    from failed`,
);

const SET_ERROR = compileStatement<{ id: string; error: string }>(
  (p) =>
    sql`update ${deliveries} set ${columnName(deliveries.error)} = ${p.error} where ${deliveries.id} = ${p.id}`,
);

/** The contact opted out of one channel (`column`, its opt-out flag). */
function optOutStatement(column: Column, channel: "sms" | "whatsapp") {
  return compileStatement<{ id: string }, { hooks: number }>(
    (p) => sql`with changed as (
        update ${contacts} set ${columnName(column)} = true, ${columnName(contacts.updatedAt)} = now()
         where ${contacts.id} = ${p.id} and not ${column}
        returning ${contacts.id} as id, ${contacts.workspaceId} as workspace_id),
      hooks as (${webhookFanOut(sql`select workspace_id, 'contact.opted_out' as type,
          jsonb_build_object('contactId', id, 'channels', jsonb_build_array(${sql.raw(`'${channel}'`)})) as data,
          now() as occurred_at
        from changed`)} returning 1)
      select (select count(*) from hooks)::int as hooks`,
  );
}

/** Twilio's 21610 opts the contact out of the channel, with a `contact.opted_out` event if it changed. */
const OPT_OUT = {
  sms: optOutStatement(contacts.smsOptOut, "sms"),
  whatsapp: optOutStatement(contacts.whatsappOptOut, "whatsapp"),
};

/** `d` of the callback URL (lib/channels/twilio-channel.ts): `delivery-<id>`. */
const MARKER = /^delivery-(\d{1,18})$/;

/**
 * A status callback. It applies only to the delivery that all three name: the message SID, the
 * delivery marker of the callback URL (`marker`, its `d`) and the recipient (`To`, the contact's
 * number on the delivery's channel); anything else changes nothing. 'delivered' marks a sent delivery delivered. 'undelivered' / 'failed'
 * mark a sent (or delivered) delivery failed with the provider's ErrorCode and refund the usage;
 * the reminder's next fallback step is then queued (continueChain), or, at the chain's end, the
 * reason goes on the reminder (failed too when nothing more is due and no step got through). The status
 * change is the guard: a replayed callback finds the delivery already failed and changes
 * nothing, so the refund happens once. Error 21610 also opts the contact out of the channel.
 * Other statuses (queued, sent, read...) change nothing. Returns the rows updated.
 */
export async function recordTwilioStatus(
  raw: Record<string, string>,
  marker: string | null,
): Promise<number> {
  const parsed = twilioStatusSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { MessageSid: sid, MessageStatus: status, ErrorCode, To: to } = parsed.data;
  const deliveryId = MARKER.exec(marker ?? "")?.[1];
  if (!deliveryId || !to) return 0;
  const target: Target = {
    sid,
    deliveryId: Number(deliveryId),
    channel: to.startsWith("whatsapp:") ? "whatsapp" : "sms",
    phone: to.replace(/^whatsapp:/, ""),
  };
  if (status === "delivered") {
    return withTransaction(async (client) => {
      const res = await MARK_DELIVERED.run(client, target);
      if ((res.rows[0]?.hooks ?? 0) > 0) await queueWebhookDispatch(client);
      return res.rows[0]?.n ?? 0;
    });
  }
  if (status !== "undelivered" && status !== "failed") return 0;
  const code = ErrorCode || "unknown";
  return withTransaction(async (client) => {
    const res = await MARK_FAILED.run(client, { ...target, code });
    if ((res.rows[0]?.hooks ?? 0) > 0) await queueWebhookDispatch(client);
    const now = new Date();
    // The next step of the reminder's chain, if it has one (docs/delivery.md#fallback).
    const going = await continueChain(
      client,
      res.rows.map((row) => ({ id: Number(row.id), occurrenceAt: row.occurrence_at, code })),
      now,
    );
    const ended: { reminderId: string; occurrenceAt: Date; error: string; fromSent: boolean }[] = [];
    for (const row of res.rows) {
      const t = deliveryTranslator(row.locale);
      const error =
        code === TWILIO_ERRORS.outsideWhatsAppWindow
          ? t("errors.outsideWindow", { status, code })
          : t("errors.undelivered", { status, code });
      await SET_ERROR.run(client, { id: row.id, error });
      if (!going.has(Number(row.id))) {
        ended.push({ reminderId: row.reminder_id, occurrenceAt: row.occurrence_at, error, fromSent: true });
      }
      if (
        code === TWILIO_ERRORS.unsubscribedRecipient &&
        (row.channel === "sms" || row.channel === "whatsapp")
      ) {
        const opted = await OPT_OUT[row.channel].run(client, { id: row.contact_id });
        if ((opted.rows[0]?.hooks ?? 0) > 0) await queueWebhookDispatch(client);
      }
    }
    await failReminders(client, ended, now);
    await refundUsage(
      client,
      res.rows.map((row) => ({ id: Number(row.id), workspaceId: row.workspace_id, channel: target.channel })),
    );
    await scheduleFailureAlerts(
      client,
      res.rows.filter((row) => !going.has(Number(row.id))).map((row) => row.workspace_id),
      now,
    );
    return res.rowCount ?? 0;
  });
}
