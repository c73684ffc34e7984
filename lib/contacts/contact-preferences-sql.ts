import "server-only";
import { sql, type AnyColumn } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { ContactPreferencesView } from "./contact-preferences";

/** "HH:MM" of a count of minutes after midnight (1440: "24:00"). */
const hhmm = (minutes: AnyColumn) =>
  sql`lpad((${minutes} / 60)::text, 2, '0') || ':' || lpad((${minutes} % 60)::text, 2, '0')`;

/** A contact's preferences (ContactPreferencesView) as one JSON value of its row. */
export const contactPreferencesSql = sql<ContactPreferencesView>`json_build_object(
  'acceptedChannels', ${contacts.acceptedChannels},
  'window', case when ${contacts.windowStart} is null then null
    else json_build_object('start', ${hhmm(contacts.windowStart)}, 'end', ${hhmm(contacts.windowEnd)}) end,
  'pausedUntil', ${contacts.pausedUntil}::text,
  'stopped', ${contacts.stoppedAt} is not null)`;
