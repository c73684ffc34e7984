import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import { withTransaction } from "@/lib/db/with-transaction";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail/send-mail";
import { renderFollowUp } from "./render-follow-up";
import { senderNameSql } from "@/lib/users/sender-name";

const SENDER_NAME = senderNameSql("u");

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

/**
 * The follow-up job: e-mails the user that a delivery is still awaiting its confirmation,
 * once. The delivery row is locked meanwhile and `follow_up_sent_at` set in the same
 * transaction, so a second run sends nothing; a reply that came in the meantime (confirmed,
 * declined, snoozed) means no e-mail; a mail error rolls back and graphile-worker retries.
 * Returns whether an e-mail left.
 */
export async function sendConfirmationFollowUp(deliveryId: number, now = new Date()): Promise<boolean> {
  return withTransaction(async (client) => {
    const { rows } = await client.query<FollowUpRow>(
      `select d.channel, d.sent_at, r.message, c.name as contact_name, u.email, u.locale, u.timezone,
              ${SENDER_NAME} as sender_name
         from deliveries d join reminders r on r.id = d.reminder_id join contacts c on c.id = d.contact_id
         join users u on u.id = d.user_id
        where d.id = $1 and d.confirmation = 'awaiting' and d.follow_up_sent_at is null and d.sent_at is not null
        for no key update of d`,
      [deliveryId],
    );
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
    await client.query(`update deliveries set follow_up_sent_at = $2, updated_at = $2 where id = $1`, [
      deliveryId,
      now,
    ]);
    return true;
  });
}
