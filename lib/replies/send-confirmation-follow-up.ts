import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, reminders } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import type { DeliveryMethod } from "@/db/schema/enums";
import { withTransaction } from "@/lib/db/with-transaction";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail/send-mail";
import { renderFollowUp } from "./render-follow-up";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";

interface FollowUpRow {
  channel: DeliveryMethod;
  sent_at: Date;
  message: string | null;
  contact_name: string;
  /** The lead person's; null only for a workspace without an owner. */
  email: string | null;
  locale: string;
  timezone: string;
  sender_name: string;
  workspace_id: string;
}

const d = alias(deliveries, "d");
const r = alias(reminders, "r");
const c = alias(contacts, "c");
const people = reminderPeopleSql({ workspaceId: r.workspaceId, createdBy: r.createdBy });
const lead = people.lead;

/**
 * The delivery, locked, while it still awaits its answer and no follow-up left, with the
 * reminder's lead person (its creator while a member, else the workspace's owner): who hears.
 */
const AWAITING = compileStatement<{ id: number }, FollowUpRow>(
  (p) => sql`select ${d.channel} as channel, ${d.sentAt} as sent_at, ${r.message} as message,
      ${c.name} as contact_name, ${lead.email} as email, coalesce(${lead.locale}, 'en') as locale,
      coalesce(${lead.timezone}, 'UTC') as timezone,
      ${people.senderName} as sender_name, ${d.workspaceId} as workspace_id
    from ${deliveries} ${d} join ${reminders} ${r} on ${r.id} = ${d.reminderId} ${people.join}
      join ${contacts} ${c} on ${c.id} = ${d.contactId}
    where ${d.id} = ${p.id} and ${d.confirmation} = 'awaiting' and ${d.followUpSentAt} is null
      and ${d.sentAt} is not null
    for no key update of ${d}`,
);

const FOLLOWED_UP = compileStatement<{ id: number; now: Date }>(
  (p) => sql`update ${deliveries}
      set ${columnName(deliveries.followUpSentAt)} = ${p.now}, ${columnName(deliveries.updatedAt)} = ${p.now}
    where ${deliveries.id} = ${p.id}`,
);

/**
 * The follow-up job: e-mails the reminder's lead person that a delivery is still awaiting its confirmation,
 * once. The delivery row is locked meanwhile and `follow_up_sent_at` set in the same
 * transaction, so a second run sends nothing; a reply that came in the meantime (confirmed,
 * declined, snoozed) means no e-mail; a mail error rolls back and graphile-worker retries.
 * Returns whether an e-mail left.
 */
export async function sendConfirmationFollowUp(deliveryId: number, now = new Date()): Promise<boolean> {
  return withTransaction(async (client) => {
    const { rows } = await AWAITING.run(client, { id: deliveryId });
    const row = rows[0];
    if (!row?.email) return false;
    const message =
      row.message?.trim() || deliveryTranslator(row.locale)("defaultMessage", { sender: row.sender_name });
    const mail = renderFollowUp({
      locale: row.locale,
      timeZone: row.timezone,
      appUrl: env.APP_URL,
      contactName: row.contact_name,
      channel: row.channel,
      message,
      sentAt: row.sent_at,
    });
    await sendMail({ to: row.email, ...mail, workspaceId: row.workspace_id });
    await FOLLOWED_UP.run(client, { id: deliveryId, now });
    return true;
  });
}
