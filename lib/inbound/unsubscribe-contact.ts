import "server-only";
import { sql } from "drizzle-orm";
import { createTranslator } from "use-intl/core";
import { alias } from "drizzle-orm/pg-core";
import { contacts } from "@/db/schema";
import { catalogueFor } from "@/i18n/catalogues";
import { toLocale, type Locale } from "@/i18n/locales";
import { recordConsent } from "@/lib/consent/record-consent";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { withTransaction } from "@/lib/db/with-transaction";
import { dropDoubledStops } from "@/lib/messages/drop-doubled-stops";
import { queueWebhookDispatch } from "@/lib/webhooks/queue-webhook-dispatch";
import { webhookFanOut } from "@/lib/webhooks/webhook-fan-out";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";

const c = alias(contacts, "c");
/** The contact's sender as its reminders name it, and the language its messages are in. */
const people = reminderPeopleSql({ workspaceId: c.workspaceId, createdBy: c.createdBy });

/**
 * Opts the contact out of e-mail, with a `contact.opted_out` webhook event when it was still
 * opted in (`before` sees the row as it was). No row: no contact has this token.
 */
const UNSUBSCRIBE = compileStatement<
  { token: string },
  {
    id: string;
    workspace_id: string;
    was: boolean;
    sender_name: string;
    locale: string | null;
    hooks: number;
  }
>(
  (p) => sql`with before as (
      select ${c.id} as id, ${c.workspaceId} as workspace_id, ${c.emailOptOut} as was,
        ${people.senderName} as sender_name, coalesce(${c.locale}, ${people.lead.locale}) as locale
        from ${contacts} ${c} ${people.join} where ${c.unsubscribeToken} = ${p.token}),
    updated as (
      update ${contacts} set ${columnName(contacts.emailOptOut)} = true, ${columnName(contacts.updatedAt)} = now()
       where ${contacts.unsubscribeToken} = ${p.token} returning 1),
    hooks as (${webhookFanOut(sql`select workspace_id, 'contact.opted_out' as type,
        jsonb_build_object('contactId', id, 'channels', jsonb_build_array('email')) as data, now() as occurred_at
        from before where not was`)} returning 1)
    select before.*, (select count(*) from hooks)::int as hooks from before`,
);

/** The unsubscribe page's confirmation sentence, which the consent record keeps. */
function confirmation(locale: Locale, sender: string): string {
  const t = createTranslator({ ...catalogueFor(locale), namespace: "unsubscribePage" });
  return dropDoubledStops(t("doneBody", { sender }), { sender });
}

/**
 * E-mail List-Unsubscribe: the contact with this token stops receiving e-mail reminders. When
 * this opts them out, a consent record (source email_unsubscribe) keeps the page's confirmation
 * sentence in `locale` (the language the request asked for), else in the contact's language.
 * False: no contact has this token.
 */
export async function unsubscribeContact(token: string, locale?: Locale | null): Promise<boolean> {
  return withTransaction(async (client) => {
    const { rows } = await UNSUBSCRIBE.run(client, { token });
    const row = rows[0];
    if (!row) return false;
    if (row.hooks > 0) await queueWebhookDispatch(client);
    if (!row.was) {
      await recordConsent(drizzleOnClient(client), [
        {
          workspaceId: row.workspace_id,
          contactId: row.id,
          channel: "email",
          change: "opted_out",
          source: "email_unsubscribe",
          wording: confirmation(locale ?? toLocale(row.locale), row.sender_name),
        },
      ]);
    }
    return true;
  });
}
