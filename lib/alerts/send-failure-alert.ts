import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, users, workspaceMembers, workspaces } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail/send-mail";
import type { DeliveryMethod } from "@/db/schema/enums";
import { NOT_ALERTED } from "@/lib/channels/failure-reasons";
import { withTransaction } from "@/lib/db/with-transaction";
import { ALERTED_ROLES } from "./alerted-roles";
import { ALERT_LIST_MAX, renderFailureAlert } from "./render-failure-alert";

interface AlertRecipient {
  email: string;
  locale: string;
  timezone: string;
}

interface Failure {
  contact_name: string;
  channel: DeliveryMethod;
  error_code: string | null;
  occurrence_at: Date;
}

const d = alias(deliveries, "d");
const c = alias(contacts, "c");
const w = alias(workspaces, "w");
const m = alias(workspaceMembers, "m");
const u = alias(users, "u");

/**
 * The workspace's watermark, its row locked (NO KEY UPDATE, as the engine's usage lock: the
 * deliveries' foreign keys hold KEY SHARE on it). As PostgreSQL's text: a JS Date would drop the
 * microseconds and send the newest failure again.
 */
const LOCK_WORKSPACE = compileStatement<{ workspaceId: string }, { through: string | null }>(
  (p) => sql`select ${w.failureAlertsThrough}::text as through
    from ${workspaces} ${w} where ${w.id} = ${p.workspaceId} for no key update of ${w}`,
);

/** The members the alert goes to: alerted roles whose own failure alerts are on, oldest member first. */
const RECIPIENTS = compileStatement<{ workspaceId: string; roles: string[] }, AlertRecipient>(
  (p) => sql`select ${u.email} as email, ${u.locale} as locale, ${u.timezone} as timezone
    from ${workspaceMembers} ${m} join ${users} ${u} on ${u.id} = ${m.userId}
    where ${m.workspaceId} = ${p.workspaceId} and ${m.role} = any(${p.roles}::text[]) and ${u.failureAlerts}
    order by ${m.createdAt}, ${u.id}`,
);

interface FailureFilter {
  workspaceId: string;
  since: string;
  now: Date;
  notAlerted: string[];
}

/** The workspace's deliveries failed for good since the watermark, less those not worth an alert. */
const failedSince = (p: { [K in keyof FailureFilter]: unknown }) =>
  sql`${d.workspaceId} = ${p.workspaceId} and ${d.status} = 'failed' and ${d.updatedAt} > ${p.since}::timestamptz
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

const MOVE_WATERMARK = compileStatement<{ workspaceId: string; now: Date; through: string | null }>(
  (p) => sql`update ${workspaces}
      set ${columnName(workspaces.failureAlertSentAt)} = ${p.now},
          ${columnName(workspaces.failureAlertsThrough)} = ${p.through}::timestamptz
    where ${workspaces.id} = ${p.workspaceId}`,
);

/**
 * The failure alert job of a workspace: one e-mail to each member who gets alerts (ALERTED_ROLES,
 * their own setting on), each in their language and zone, listing the workspace's deliveries that
 * failed for good since its last alert (up to ALERT_LIST_MAX, all counted); then the workspace's
 * watermark moves past them. The workspace row is locked meanwhile, so two runs never send the
 * same failures twice; a mail error rolls back and graphile-worker retries the job (a member
 * whose e-mail had left before it then gets it again). Returns the failures covered.
 */
export async function sendFailureAlert(workspaceId: string, now = new Date()): Promise<number> {
  return withTransaction(async (client) => {
    const { rows: locked } = await LOCK_WORKSPACE.run(client, { workspaceId });
    if (!locked[0]) return 0;
    const { rows: recipients } = await RECIPIENTS.run(client, { workspaceId, roles: [...ALERTED_ROLES] });
    if (recipients.length === 0) return 0;
    // A first alert looks back one day at most (failures from before alerts existed stay quiet).
    const since = locked[0].through ?? new Date(now.getTime() - 86_400_000).toISOString();
    const filter = { workspaceId, since, now, notAlerted: [...NOT_ALERTED] };
    const { rows: totals } = await COUNT_FAILURES.run(client, filter);
    const total = totals[0]?.total ?? 0;
    if (total === 0) return 0;
    const { rows } = await LIST_FAILURES.run(client, { ...filter, max: ALERT_LIST_MAX });
    const failures = rows.map((r) => ({
      contactName: r.contact_name,
      channel: r.channel,
      errorCode: r.error_code,
      occurrenceAt: r.occurrence_at,
    }));
    for (const recipient of recipients) {
      const mail = renderFailureAlert({
        locale: recipient.locale,
        timeZone: recipient.timezone,
        appUrl: env.APP_URL,
        total,
        failures,
      });
      await sendMail({ to: recipient.email, ...mail, workspaceId });
    }
    await MOVE_WATERMARK.run(client, { workspaceId, now, through: totals[0].through });
    return total;
  });
}
