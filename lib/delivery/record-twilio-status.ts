import { withTransaction } from "./pg-client";
import { deliveryTranslator } from "./render-message";
import { scheduleFailureAlerts } from "./schedule-failure-alerts";

const FINAL = new Set(["delivered", "undelivered", "failed"]);

/**
 * A status callback: 'delivered' marks the delivery delivered; 'undelivered' / 'failed'
 * mark it failed with the provider's error code and put the reason on the reminder.
 * Other statuses (queued, sent...) change nothing. Returns the rows updated.
 */
export async function recordTwilioStatus(params: Record<string, string>): Promise<number> {
  const sid = params.MessageSid ?? params.SmsSid;
  const status = params.MessageStatus ?? params.SmsStatus;
  if (!sid || !status || !FINAL.has(status)) return 0;
  return withTransaction(async (client) => {
    if (status === "delivered") {
      const res = await client.query(
        `update deliveries set status = 'delivered', delivered_at = now(), updated_at = now()
          where provider_message_id = $1 and status in ('sent', 'delivered')`,
        [sid],
      );
      return res.rowCount ?? 0;
    }
    const code = params.ErrorCode || "unknown";
    const res = await client.query<{ reminder_id: string; user_id: string; locale: string }>(
      `update deliveries d set status = 'failed', error_code = $2, updated_at = now()
         from users u
        where d.provider_message_id = $1 and d.status in ('sent', 'delivered') and u.id = d.user_id
        returning d.id, d.reminder_id, d.user_id, u.locale`,
      [sid, code],
    );
    for (const row of res.rows) {
      const error = deliveryTranslator(row.locale)("errors.undelivered", { status, code });
      await client.query(`update deliveries set error = $2 where provider_message_id = $1`, [sid, error]);
      await client.query(`update reminders set last_error = $2, updated_at = now() where id = $1`, [
        row.reminder_id,
        error,
      ]);
    }
    await scheduleFailureAlerts(
      client,
      res.rows.map((r) => r.user_id),
      new Date(),
    );
    return res.rowCount ?? 0;
  });
}
