import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactDates, contacts, deliveries, reminders } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { toLocale, type Locale } from "@/i18n/locales";
import { pool } from "@/lib/db";
import { compileStatement } from "@/lib/db/compile-statement";
import { findPlaybackGrant } from "@/lib/media/find-playback-grant";
import { filledMessage, preferencesUrl } from "@/lib/messages/render-message";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";

const d = alias(deliveries, "d");
const r = alias(reminders, "r");
const c = alias(contacts, "c");
const cd = alias(contactDates, "cd");
const people = reminderPeopleSql({ workspaceId: r.workspaceId, createdBy: r.createdBy });

/** What the page reads of the delivery: the sender and message as they were sent (see leased-row). */
const FIND = compileStatement<
  { id: number },
  {
    message: string | null;
    recipient: string;
    contact_name: string;
    contact_locale: string | null;
    lead_locale: string | null;
    sender_name: string;
    local_date: string;
    date_month: number | null;
    date_day: number | null;
    date_year: number | null;
  }
>(
  (p) => sql`select ${r.message} as message, ${r.recipient} as recipient, ${c.name} as contact_name,
      ${c.locale} as contact_locale, ${people.lead.locale} as lead_locale, ${people.senderName} as sender_name,
      (${d.occurrenceAt} at time zone ${r.timezone})::date::text as local_date,
      ${cd.month} as date_month, ${cd.day} as date_day, ${cd.year} as date_year
    from ${deliveries} ${d}
      join ${reminders} ${r} on ${r.id} = ${d.reminderId} ${people.join}
      join ${contacts} ${c} on ${c.id} = ${d.contactId}
      left join ${contactDates} ${cd} on ${cd.id} = ${r.contactDateId}
    where ${d.id} = ${p.id}`,
);

/** What the recipient's playback page shows. */
export interface PlaybackPage {
  kind: MediaKind;
  /** The recipient's language: the contact's, else the reminder's lead person's (as the message was sent in). */
  locale: Locale;
  senderName: string;
  /** The reminder's text with its fields filled for this occurrence; null when it has none. */
  message: string | null;
  durationMs: number | null;
  hasPoster: boolean;
  playbackType: string;
  /** The contact's preferences page (the same delivery's); null for a lead reminder to a member. */
  preferencesUrl: string | null;
}

/** The page of a playback link, or null where its routes answer 404. Reads only. */
export async function findPlaybackPage(token: string, now = new Date()): Promise<PlaybackPage | null> {
  const grant = await findPlaybackGrant(token, now);
  if (!grant) return null;
  const { rows } = await FIND.run(pool, { id: grant.deliveryId });
  const row = rows[0];
  if (!row) return null;
  const locale = toLocale(
    row.recipient === "owner" ? row.lead_locale : (row.contact_locale ?? row.lead_locale),
  );
  const [year, month, day] = row.local_date.split("-").map(Number);
  const message = filledMessage({
    deliveryId: grant.deliveryId,
    channel: "email",
    to: "",
    contactName: row.contact_name,
    message: row.message,
    senderName: row.sender_name,
    locale,
    unsubscribeToken: "",
    fields: {
      occurrenceDate: { year, month, day },
      contactDate:
        row.date_month === null
          ? null
          : { month: row.date_month, day: row.date_day ?? 1, year: row.date_year },
    },
  });
  const { media } = grant;
  return {
    kind: media.kind as MediaKind,
    locale,
    senderName: row.sender_name,
    message,
    durationMs: media.durationMs,
    hasPoster: media.kind === "video" && media.posterKey !== null,
    playbackType: media.playbackType ?? (media.kind === "video" ? "video/mp4" : "audio/mpeg"),
    preferencesUrl: row.recipient === "owner" ? null : preferencesUrl(grant.deliveryId),
  };
}
