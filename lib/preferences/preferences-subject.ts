import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, reminders } from "@/db/schema";
import { DELIVERY_METHODS, type DeliveryMethod } from "@/db/schema/enums";
import { PREFERENCES_LINK_DAYS } from "@/config/preferences";
import { toLocale, type Locale } from "@/i18n/locales";
import { readPreferencesToken } from "@/lib/consent/preferences-token";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";

const DAY_MS = 86_400_000;

const d = alias(deliveries, "d");
const r = alias(reminders, "r");
const c = alias(contacts, "c");
/** The contact's sender as its reminders name it, and the person they answer to (language, zone). */
const people = reminderPeopleSql({ workspaceId: c.workspaceId, createdBy: c.createdBy });

interface SubjectRow {
  delivery_id: number | string;
  sent_at: Date;
  workspace_id: string;
  contact_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  timezone: string | null;
  locale: string | null;
  email_opt_out: boolean;
  sms_opt_out: boolean;
  whatsapp_opt_out: boolean;
  call_opt_out: boolean;
  email_suppressed: boolean;
  whatsapp_consent_at: Date | null;
  accepted_channels: string[] | null;
  window_start: number | null;
  window_end: number | null;
  paused_until: string | null;
  stopped_at: Date | null;
  forget_requested_at: Date | null;
  sender_name: string;
  lead_locale: string | null;
  lead_timezone: string | null;
}

/**
 * The delivery a link names, sent, to a contact of the delivery's own workspace (a lead reminder
 * goes to a member, never to the contact: its link grants nothing), with the contact as it is now.
 */
function subjectStatement(lock: boolean) {
  return compileStatement<{ id: number }, SubjectRow>(
    (p) => sql`select ${d.id} as delivery_id, ${d.sentAt} as sent_at, ${c.workspaceId} as workspace_id,
        ${c.id} as contact_id, ${c.name} as name, ${c.email} as email, ${c.phone} as phone,
        ${c.timezone} as timezone, ${c.locale} as locale, ${c.emailOptOut} as email_opt_out,
        ${c.smsOptOut} as sms_opt_out, ${c.whatsappOptOut} as whatsapp_opt_out, ${c.callOptOut} as call_opt_out,
        ${c.emailSuppressedAt} is not null as email_suppressed, ${c.whatsappConsentAt} as whatsapp_consent_at,
        ${c.acceptedChannels} as accepted_channels, ${c.windowStart} as window_start, ${c.windowEnd} as window_end,
        ${c.pausedUntil}::text as paused_until, ${c.stoppedAt} as stopped_at,
        ${c.forgetRequestedAt} as forget_requested_at, ${people.senderName} as sender_name,
        ${people.lead.locale} as lead_locale, ${people.lead.timezone} as lead_timezone
      from ${deliveries} ${d}
        join ${reminders} ${r} on ${r.id} = ${d.reminderId}
        join ${contacts} ${c} on ${c.id} = ${d.contactId} and ${c.workspaceId} = ${d.workspaceId}
        ${people.join}
      where ${d.id} = ${p.id} and ${d.sentAt} is not null and ${r.recipient} <> 'owner'
      ${lock ? sql`for no key update of ${c}` : sql``}`,
  );
}

const FIND = subjectStatement(false);
const LOCK = subjectStatement(true);

/** A contact as their preferences link shows and changes them. */
export interface PreferencesSubject {
  deliveryId: number;
  /** When the link stops working. */
  expiresAt: Date;
  workspaceId: string;
  contactId: string;
  contactName: string;
  phone: string | null;
  /** The zone chosen on the contact; null: derived (`zone`). */
  timezone: string | null;
  /** The zone the contact's hours are read in: chosen, else `derivedZone`. */
  zone: string;
  /** The zone without a choice, as the engine derives it: the phone's country's, else the sender's. */
  derivedZone: string;
  /** The language the contact chose; null: their sender's. */
  locale: Locale | null;
  /** The page's language and the reminders': the contact's, else their sender's. */
  pageLocale: Locale;
  /** Channels the contact has an address for (an e-mail address refused for good is none). */
  reachable: DeliveryMethod[];
  optedOut: Record<DeliveryMethod, boolean>;
  whatsappConsented: boolean;
  acceptedChannels: DeliveryMethod[] | null;
  windowStart: number | null;
  windowEnd: number | null;
  pausedUntil: string | null;
  stoppedAt: Date | null;
  forgetRequestedAt: Date | null;
  senderName: string;
}

const isMethod = (value: string): value is DeliveryMethod =>
  (DELIVERY_METHODS as readonly string[]).includes(value);

function toSubject(row: SubjectRow): PreferencesSubject {
  const derivedZone = recipientTimeZone({ timezone: null, phone: row.phone }, row.lead_timezone);
  const reachable = DELIVERY_METHODS.filter((channel) =>
    channel === "email" ? row.email !== null && !row.email_suppressed : row.phone !== null,
  );
  return {
    deliveryId: Number(row.delivery_id),
    expiresAt: new Date(row.sent_at.getTime() + PREFERENCES_LINK_DAYS * DAY_MS),
    workspaceId: row.workspace_id,
    contactId: row.contact_id,
    contactName: row.name,
    phone: row.phone,
    timezone: row.timezone,
    zone: row.timezone || derivedZone,
    derivedZone,
    locale: row.locale === null ? null : toLocale(row.locale),
    pageLocale: toLocale(row.locale ?? row.lead_locale),
    reachable,
    optedOut: {
      email: row.email_opt_out,
      sms: row.sms_opt_out,
      whatsapp: row.whatsapp_opt_out,
      call: row.call_opt_out,
    },
    whatsappConsented: row.whatsapp_consent_at !== null,
    acceptedChannels: row.accepted_channels?.filter(isMethod) ?? null,
    windowStart: row.window_start,
    windowEnd: row.window_end,
    pausedUntil: row.paused_until,
    stoppedAt: row.stopped_at,
    forgetRequestedAt: row.forget_requested_at,
    senderName: row.sender_name,
  };
}

/**
 * The contact a preferences token grants, or null where the page and its writes answer 404 alike:
 * a token this server did not issue (forged, altered, or made for a playback link), a delivery not
 * sent or sent more than PREFERENCES_LINK_DAYS ago, a lead reminder's delivery (it went to a
 * member), or a contact deleted since (its deliveries went with it). `lock` (with a client in a
 * transaction): the contact's row, until it commits.
 */
export async function findPreferencesSubject(
  client: Queryable,
  token: string,
  now: Date,
  lock = false,
): Promise<PreferencesSubject | null> {
  const deliveryId = readPreferencesToken(token);
  if (deliveryId === null) return null;
  const { rows } = await (lock ? LOCK : FIND).run(client, { id: deliveryId });
  const subject = rows[0] ? toSubject(rows[0]) : null;
  return subject && subject.expiresAt > now ? subject : null;
}

/** The channels a contact can choose now: reachable, and not left (STOP, unsubscribe, key 9). */
export const choosableChannels = (subject: PreferencesSubject): DeliveryMethod[] =>
  subject.reachable.filter((channel) => !subject.optedOut[channel]);
