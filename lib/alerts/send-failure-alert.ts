import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, users } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
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

interface Failure {
  contact_name: string;
  channel: DeliveryMethod;
  error_code: string | null;
  occurrence_at: Date;
}

const d = alias(deliveries, "d");
const c = alias(contacts, "c");

const LOCK_USER = compileStatement<{ userId: string }, AlertUser>(
  (p) => sql`select ${users.id} as id, ${users.email} as email, ${users.locale} as locale,
      ${users.timezone} as timezone, ${users.failureAlerts} as failure_alerts,
      ${users.failureAlertsThrough}::text as through
    from ${users} where ${users.id} = ${p.userId} for no key update`,
);

interface FailureFilter {
  userId: string;
  since: string;
  now: Date;
  notAlerted: string[];
}

/** The user's deliveries failed for good since the watermark, less those not worth an alert. */
const failedSince = (p: { [K in keyof FailureFilter]: unknown }) =>
  sql`${d.userId} = ${p.userId} and ${d.status} = 'failed' and ${d.updatedAt} > ${p.since}::timestamptz
    and ${d.updatedAt} <= ${p.now} and (${d.errorCode} is null or not (${d.errorCode} = any(${p.notAlerted}::text[])))`;

const COUNT_FAILURES = compileStatement<FailureFilter, { total: number; through: string | null }>(
  (p) => sql`select count(*)::int as total, max(${d.updatedAt})::text as through
    from ${deliveries} ${d} where ${failedSince(p)}`,
);

const LIST_FAILURES = compileStatement<FailureFilter & { max: number }, Failure>(
  (p) => sql`select ${c.name} as contact_name, ${d.channel} as channel, ${d.errorCode} as error_code,
      ${d.occurrenceAt} as occurrence_at
    from ${deliveries} ${d} join ${contacts} ${c} on ${c.id} = ${d.contactId}
    where ${failedSince(p)} order by ${d.updatedAt} desc, ${d.id} desc limit ${p.max}`,
);

const MOVE_WATERMARK = compileStatement<{ userId: string; now: Date; through: string | null }>(
  (p) => sql`update ${users}
      set ${columnName(users.failureAlertSentAt)} = ${p.now},
          ${columnName(users.failureAlertsThrough)} = ${p.through}::timestamptz
    where ${users.id} = ${p.userId}`,
);

/**
 * The failure alert job: one e-mail to the user listing the deliveries that failed for good
 * since the last alert (up to ALERT_LIST_MAX, all counted), then the watermark moves past
 * them. The user row is locked meanwhile, so two runs never send the same failures twice; a
 * mail error rolls back and graphile-worker retries the job. Returns the failures covered.
 */
export async function sendFailureAlert(userId: string, now = new Date()): Promise<number> {
  return withTransaction(async (client) => {
    const { rows: found } = await LOCK_USER.run(client, { userId });
    const user = found[0];
    if (!user?.failure_alerts) return 0;
    // A first alert looks back one day at most (failures from before alerts existed stay quiet).
    const since = user.through ?? new Date(now.getTime() - 86_400_000).toISOString();
    const filter = { userId, since, now, notAlerted: [...NOT_ALERTED] };
    const { rows: totals } = await COUNT_FAILURES.run(client, filter);
    const total = totals[0]?.total ?? 0;
    if (total === 0) return 0;
    const { rows } = await LIST_FAILURES.run(client, { ...filter, max: ALERT_LIST_MAX });
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
    await MOVE_WATERMARK.run(client, { userId, now, through: totals[0].through });
    return total;
  });
}
