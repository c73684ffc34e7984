import "server-only";
import { fromZodError } from "@/lib/errors/zod-error";
import { twilioStatusSchema } from "@/lib/validations/twilio-webhook";
import { TWILIO_ERRORS } from "@/lib/channels/twilio-errors";
import { withTransaction } from "@/lib/db/with-transaction";
import { refundUsage } from "@/lib/delivery/refund-usage";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { scheduleFailureAlerts } from "@/lib/alerts/schedule-failure-alerts";

/**
 * A status callback. 'delivered' marks a sent delivery delivered. 'undelivered' / 'failed'
 * mark a sent (or delivered) delivery failed with the provider's ErrorCode, put the reason on
 * the reminder (failed too when nothing more is due), and refund the usage. The status
 * change is the guard: a replayed callback finds the delivery already failed and changes
 * nothing, so the refund happens once. Error 21610 also opts the contact out of the channel.
 * Other statuses (queued, sent, read...) change nothing. Returns the rows updated.
 */
export async function recordTwilioStatus(raw: Record<string, string>): Promise<number> {
  const parsed = twilioStatusSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { MessageSid: sid, MessageStatus: status, ErrorCode } = parsed.data;
  if (status === "delivered") {
    return withTransaction(async (client) => {
      const res = await client.query(
        `update deliveries set status = 'delivered', delivered_at = now(), updated_at = now()
          where provider_message_id = $1 and status = 'sent'`,
        [sid],
      );
      return res.rowCount ?? 0;
    });
  }
  if (status !== "undelivered" && status !== "failed") return 0;
  const code = ErrorCode || "unknown";
  return withTransaction(async (client) => {
    const res = await client.query<{
      id: string;
      reminder_id: string;
      user_id: string;
      contact_id: string;
      channel: string;
      locale: string;
    }>(
      `update deliveries d set status = 'failed', error_code = $2, updated_at = now()
         from users u
        where d.provider_message_id = $1 and d.status in ('sent', 'delivered') and u.id = d.user_id
        returning d.id, d.reminder_id, d.user_id, d.contact_id, d.channel, u.locale`,
      [sid, code],
    );
    for (const row of res.rows) {
      const t = deliveryTranslator(row.locale);
      const error =
        code === TWILIO_ERRORS.outsideWhatsAppWindow
          ? t("errors.outsideWindow", { status, code })
          : t("errors.undelivered", { status, code });
      await client.query(`update deliveries set error = $2 where id = $1`, [row.id, error]);
      await client.query(
        `update reminders set last_error = $2, updated_at = now(),
                status = case when status in ('scheduled', 'sent') and next_run_at is null then 'failed' else status end
          where id = $1`,
        [row.reminder_id, error],
      );
      if (
        code === TWILIO_ERRORS.unsubscribedRecipient &&
        (row.channel === "sms" || row.channel === "whatsapp")
      ) {
        await client.query(
          `update contacts set ${row.channel}_opt_out = true, updated_at = now() where id = $1`,
          [row.contact_id],
        );
      }
    }
    await refundUsage(
      client,
      res.rows.map((r) => ({ id: Number(r.id), userId: r.user_id })),
    );
    await scheduleFailureAlerts(
      client,
      res.rows.map((r) => r.user_id),
      new Date(),
    );
    return res.rowCount ?? 0;
  });
}
