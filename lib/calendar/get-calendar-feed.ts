import "server-only";
import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { contactDates, contactGroups, contacts, reminders } from "@/db/schema";
// Reads that tolerate a replica's lag (docs/failover.md, "Reads that can move to replicas").
import { replicaDb as db } from "@/lib/db/replica";
import { PRODUCT_NAME } from "@/config/product";
import { calendarTranslator } from "./calendar-translator";
import { feedEvents } from "./feed-events";
import { FEED_WINDOW_DAYS } from "./feed-occurrences";
import type { FeedReminderRow } from "./to-calendar-event";
import { writeIcs } from "./write-ics";
import { findFeedActor } from "@/lib/workspaces/find-feed-actor";
import { workspaceSenderName } from "@/lib/workspaces/sender-name";

/** Calendar apps that honour REFRESH-INTERVAL are asked to fetch again after this long. */
export const FEED_REFRESH_MINUTES = 60;

/**
 * The ICS text of the feed behind `token`, or null when no member holds it (unknown, revoked, or
 * the member left). The token is a member's of one workspace, looked up through the unique index
 * on workspace_members.calendar_token (see docs/calendar-feed.md on timing). Shows the
 * workspace's scheduled reminders, lead reminders included, in the member's language; cancelled, sent and failed ones have nothing left to send and are left out. A
 * group reminder is one event per occurrence, named after its group, at its own time (its member
 * reminders are not listed).
 */
export async function getCalendarFeed(
  token: string,
  origin: string,
  now = new Date(),
): Promise<string | null> {
  const actor = await findFeedActor(token);
  if (!actor) return null;
  const owner = {
    id: actor.workspace.id,
    locale: actor.user.locale,
    senderName: workspaceSenderName(actor.workspace, actor.user),
  };

  const windowEnd = new Date(now.getTime() + FEED_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .select({
      reminder: reminders,
      contactName: sql<string>`coalesce(${contacts.name}, ${contactGroups.name}, '')`,
      contactLocale: contacts.locale,
      dateMonth: contactDates.month,
      dateDay: contactDates.day,
      dateYear: contactDates.year,
    })
    .from(reminders)
    .leftJoin(contacts, eq(contacts.id, reminders.contactId))
    .leftJoin(contactGroups, eq(contactGroups.id, reminders.groupId))
    .leftJoin(contactDates, eq(contactDates.id, reminders.contactDateId))
    .where(
      and(
        eq(reminders.workspaceId, owner.id),
        eq(reminders.status, "scheduled"),
        isNotNull(reminders.nextRunAt),
        lte(reminders.nextRunAt, windowEnd),
        isNull(reminders.parentReminderId),
      ),
    )
    .orderBy(asc(reminders.nextRunAt));

  const feedRows: FeedReminderRow[] = rows.map((row) => ({
    ...row.reminder,
    nextRunAt: row.reminder.nextRunAt ?? now,
    contactName: row.contactName,
    // A lead reminder goes to the user, in the user's language.
    messageLocale: row.reminder.recipient === "owner" ? owner.locale : (row.contactLocale ?? owner.locale),
    contactDate:
      row.dateMonth !== null && row.dateDay !== null
        ? { month: row.dateMonth, day: row.dateDay, year: row.dateYear }
        : null,
  }));

  const t = calendarTranslator(owner.locale);
  const ctx = {
    t,
    senderName: owner.senderName,
    remindersUrl: `${origin.replace(/\/$/, "")}/reminders`,
    uidDomain: new URL(origin).hostname,
  };
  const { events, timezones } = feedEvents(feedRows, now, ctx);
  return writeIcs({
    prodId: `-//${PRODUCT_NAME}//Calendar feed//${owner.locale.toUpperCase()}`,
    name: t("name"),
    stamp: now,
    refreshMinutes: FEED_REFRESH_MINUTES,
    timezones,
    events,
  });
}
