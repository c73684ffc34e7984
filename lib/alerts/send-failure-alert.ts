import "server-only";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail/send-mail";
import type { DeliveryMethod } from "@/db/schema/enums";
import { NOT_ALERTED } from "@/lib/channels/failure-reasons";
import { withTransaction } from "@/lib/db/with-transaction";
import { ALERT_LIST_MAX, renderFailureAlert } from "./render-failure-alert";

interface AlertUser {
  id: string;
  email: string;
  locale: string;
  timezone: string;
  failure_alerts: boolean;
  /** As PostgreSQL's text: a JS Date would drop the microseconds and re-send the newest. */
  through: string | null;
}

/**
 * The failure alert job: one e-mail to the user listing the deliveries that failed for good
 * since the last alert (up to ALERT_LIST_MAX, all counted), then the watermark moves past
 * them. The user row is locked meanwhile, so two runs never send the same failures twice; a
 * mail error rolls back and graphile-worker retries the job. Returns the failures covered.
 */
export async function sendFailureAlert(userId: string, now = new Date()): Promise<number> {
  return withTransaction(async (client) => {
    const { rows: users } = await client.query<AlertUser>(
      `select id, email, locale, timezone, failure_alerts, failure_alerts_through::text as through
         from users where id = $1 for no key update`,
      [userId],
    );
    const user = users[0];
    if (!user?.failure_alerts) return 0;
    // A first alert looks back one day at most (failures from before alerts existed stay quiet).
    const since = user.through ?? new Date(now.getTime() - 86_400_000).toISOString();
    const filter = `d.user_id = $1 and d.status = 'failed' and d.updated_at > $2::timestamptz and d.updated_at <= $3
      and (d.error_code is null or not (d.error_code = any($4::text[])))`;
    const params = [userId, since, now, [...NOT_ALERTED]];
    const { rows: totals } = await client.query<{ total: number; through: string | null }>(
      `select count(*)::int as total, max(d.updated_at)::text as through from deliveries d where ${filter}`,
      params,
    );
    const total = totals[0]?.total ?? 0;
    if (total === 0) return 0;
    const { rows } = await client.query<{
      contact_name: string;
      channel: DeliveryMethod;
      error_code: string | null;
      occurrence_at: Date;
    }>(
      `select c.name as contact_name, d.channel, d.error_code, d.occurrence_at
         from deliveries d join contacts c on c.id = d.contact_id
        where ${filter} order by d.updated_at desc, d.id desc limit ${ALERT_LIST_MAX}`,
      params,
    );
    const mail = renderFailureAlert({
      locale: user.locale,
      timeZone: user.timezone,
      appUrl: env.APP_URL,
      total,
      failures: rows.map((r) => ({
        contactName: r.contact_name,
        channel: r.channel,
        errorCode: r.error_code,
        occurrenceAt: r.occurrence_at,
      })),
    });
    await sendMail({ to: user.email, ...mail });
    await client.query(
      `update users set failure_alert_sent_at = $2, failure_alerts_through = $3::timestamptz where id = $1`,
      [userId, now, totals[0].through],
    );
    return total;
  });
}
