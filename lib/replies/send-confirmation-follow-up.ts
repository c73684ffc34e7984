import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, reminders, users } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import type { DeliveryMethod } from "@/db/schema/enums";
import { withTransaction } from "@/lib/db/with-transaction";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail/send-mail";
import { renderFollowUp } from "./render-follow-up";
import { senderNameSql } from "@/lib/users/sender-name";

interface FollowUpRow {
  channel: DeliveryMethod;
  sent_at: Date;
  message: string | null;
  contact_name: string;
  email: string;
  locale: string;
  timezone: string;
  sender_name: string;
}

const d = alias(deliveries, "d");
const r = alias(reminders, "r");
const c = alias(contacts, "c");
const u = alias(users, "u");

/** The delivery, locked, while it still awaits its answer and no follow-up left. */
const AWAITING = compileStatement<{ id: number }, FollowUpRow>(
  (p) => sql`select ${d.channel} as channel, ${d.sentAt} as sent_at, ${r.message} as message,
      ${c.name} as contact_name, ${u.email} as email, ${u.locale} as locale, ${u.timezone} as timezone,
      ${senderNameSql(u)} as sender_name
    from ${deliveries} ${d} join ${reminders} ${r} on ${r.id} = ${d.reminderId}
      join ${contacts} ${c} on ${c.id} = ${d.contactId} join ${users} ${u} on ${u.id} = ${d.userId}
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
 * The follow-up job: e-mails the user that a delivery is still awaiting its confirmation,
 * once. The delivery row is locked meanwhile and `follow_up_sent_at` set in the same
 * transaction, so a second run sends nothing; a reply that came in the meantime (confirmed,
 * declined, snoozed) means no e-mail; a mail error rolls back and graphile-worker retries.
 * Returns whether an e-mail left.
 */
export async function sendConfirmationFollowUp(deliveryId: number, now = new Date()): Promise<boolean> {
  return withTransaction(async (client) => {
    const { rows } = await AWAITING.run(client, { id: deliveryId });
    const row = rows[0];
    if (!row) return false;
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
    await sendMail({ to: row.email, ...mail });
    await FOLLOWED_UP.run(client, { id: deliveryId, now });
    return true;
  });
}
