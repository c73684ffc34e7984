import "server-only";
import { eq, sql } from "drizzle-orm";
import { contactDates, contacts, deliveries, reminders, users } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { toLocale, type Locale } from "@/i18n/locales";
import { db } from "@/lib/db";
import { findPlaybackGrant } from "@/lib/media/find-playback-grant";
import { filledMessage } from "@/lib/messages/render-message";
import { senderNameSql } from "@/lib/users/sender-name";

/** What the recipient's playback page shows. */
export interface PlaybackPage {
  kind: MediaKind;
  /** The recipient's language: the contact's, else the sender's (as the message was sent in). */
  locale: Locale;
  senderName: string;
  /** The reminder's text with its fields filled for this occurrence; null when it has none. */
  message: string | null;
  durationMs: number | null;
  hasPoster: boolean;
  playbackType: string;
}

/** The page of a playback link, or null where its routes answer 404. Reads only. */
export async function findPlaybackPage(token: string, now = new Date()): Promise<PlaybackPage | null> {
  const grant = await findPlaybackGrant(token, now);
  if (!grant) return null;
  const [row] = await db
    .select({
      message: reminders.message,
      recipient: reminders.recipient,
      contactName: contacts.name,
      contactLocale: contacts.locale,
      userLocale: users.locale,
      senderName: senderNameSql(users),
      localDate: sql<string>`(${deliveries.occurrenceAt} at time zone ${reminders.timezone})::date::text`,
      dateMonth: contactDates.month,
      dateDay: contactDates.day,
      dateYear: contactDates.year,
    })
    .from(deliveries)
    .innerJoin(reminders, eq(reminders.id, deliveries.reminderId))
    .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
    .innerJoin(users, eq(users.id, deliveries.userId))
    .leftJoin(contactDates, eq(contactDates.id, reminders.contactDateId))
    .where(eq(deliveries.id, grant.deliveryId));
  if (!row) return null;
  const locale = toLocale(row.recipient === "owner" ? row.userLocale : (row.contactLocale ?? row.userLocale));
  const [year, month, day] = row.localDate.split("-").map(Number);
  const message = filledMessage({
    deliveryId: grant.deliveryId,
    channel: "email",
    to: "",
    contactName: row.contactName,
    message: row.message,
    senderName: row.senderName,
    locale,
    unsubscribeToken: "",
    fields: {
      occurrenceDate: { year, month, day },
      contactDate:
        row.dateMonth === null ? null : { month: row.dateMonth, day: row.dateDay ?? 1, year: row.dateYear },
    },
  });
  const { media } = grant;
  return {
    kind: media.kind as MediaKind,
    locale,
    senderName: row.senderName,
    message,
    durationMs: media.durationMs,
    hasPoster: media.kind === "video" && media.posterKey !== null,
    playbackType: media.playbackType ?? (media.kind === "video" ? "video/mp4" : "audio/mpeg"),
  };
}
