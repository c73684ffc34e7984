import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactDates, contacts, media, reminders } from "@/db/schema";
import type { DeliveryMethod } from "@/db/schema/enums";
import { selectList } from "@/lib/db/compile-statement";
import { whatsappVideoKey } from "@/lib/media/media-renditions";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";
import type { ContactChoices, DeliveryMedia, LeasedDelivery } from "./types";

/** The engine's statements name a delivery's reminder, contact and contact date so. */
export const r = alias(reminders, "r");
export const c = alias(contacts, "c");
export const cd = alias(contactDates, "cd");

/**
 * The reminder's workspace, sender and lead person (lib/workspaces/reminder-people-sql.ts):
 * `PEOPLE_JOIN` goes after the reminders table `r` in every statement that reads SENDING_COLUMNS.
 */
const people = reminderPeopleSql({ workspaceId: r.workspaceId, createdBy: r.createdBy });
export const PEOPLE_JOIN = people.join;
/** The reminder's lead person (its creator while a member, else the owner), read through PEOPLE_JOIN. */
export const LEAD_PERSON = people.lead;
const m = alias(media, "m");

/** A voice or video reminder's clip as sending reads it (json_build_object: one column, null for text). */
interface MediaJson {
  kind: string;
  status: string;
  posterKey: string | null;
  playbackKey: string | null;
  playbackBytes: number | null;
  whatsappKey: string | null;
  whatsappBytes: number | null;
}

/**
 * What sending a delivery reads about its reminder, contact, sender and the contact date the
 * reminder was made from: one list for both statements that read it (materializing a due
 * reminder and leasing a queued delivery).
 */
export interface SendingRow {
  reminder_status: string;
  message: string | null;
  ask_confirmation: boolean;
  contact_name: string;
  email: string | null;
  phone: string | null;
  contact_timezone: string | null;
  contact_locale: string | null;
  email_opt_out: boolean;
  sms_opt_out: boolean;
  whatsapp_opt_out: boolean;
  call_opt_out: boolean;
  whatsapp_consent_at: Date | null;
  email_suppressed: boolean;
  /** The contact's choices (contacts.accepted_channels … stopped_at), read in the same row as the opt-outs. */
  accepted_channels: DeliveryMethod[] | null;
  window_start: number | null;
  window_end: number | null;
  /** 'YYYY-MM-DD' (as text: a date parsed to a Date would land on the server's midnight). */
  paused_until: string | null;
  stopped: boolean;
  plan_type: string;
  reminder_method: DeliveryMethod;
  fallback_channels: DeliveryMethod[];
  unsubscribe_token: string;
  sender_name: string;
  sender_email: string;
  locale: string;
  user_timezone: string;
  recipient: string;
  date_month: number | null;
  date_day: number | null;
  date_year: number | null;
  reminder_type: string;
  media: MediaJson | null;
  /** A member reminder's group reminder. */
  parent_reminder_id: string | null;
  /** The fallback steps' waits for a confirmation (minutes, 0: none), step 1 first. */
  fallback_wait_minutes: number[];
}

export const SENDING_COLUMNS = selectList<SendingRow>({
  reminder_status: r.status,
  message: r.message,
  ask_confirmation: r.askConfirmation,
  contact_name: c.name,
  email: c.email,
  phone: c.phone,
  contact_timezone: c.timezone,
  contact_locale: c.locale,
  email_opt_out: c.emailOptOut,
  sms_opt_out: c.smsOptOut,
  whatsapp_opt_out: c.whatsappOptOut,
  call_opt_out: c.callOptOut,
  whatsapp_consent_at: c.whatsappConsentAt,
  email_suppressed: sql`${c.emailSuppressedAt} is not null`,
  accepted_channels: c.acceptedChannels,
  window_start: c.windowStart,
  window_end: c.windowEnd,
  paused_until: sql`${c.pausedUntil}::text`,
  stopped: sql`${c.stoppedAt} is not null`,
  plan_type: people.workspace.planType,
  reminder_method: r.deliveryMethod,
  fallback_channels: r.fallbackChannels,
  unsubscribe_token: c.unsubscribeToken,
  sender_name: people.senderName,
  sender_email: sql`coalesce(${people.lead.email}, '')`,
  locale: sql`coalesce(${people.lead.locale}, 'en')`,
  user_timezone: sql`coalesce(${people.lead.timezone}, 'UTC')`,
  recipient: r.recipient,
  date_month: cd.month,
  date_day: cd.day,
  date_year: cd.year,
  reminder_type: r.type,
  media: sql`(select json_build_object('kind', ${m.kind}, 'status', ${m.status}, 'posterKey', ${m.posterKey},
    'playbackKey', ${m.playbackKey}, 'playbackBytes', ${m.playbackBytes}, 'whatsappKey', ${m.whatsappKey},
    'whatsappBytes', ${m.whatsappBytes}) from ${media} ${m} where ${m.id} = ${r.mediaId})`,
  parent_reminder_id: r.parentReminderId,
  fallback_wait_minutes: r.fallbackWaitMinutes,
});

/** Null for a text reminder; a voice or video one's clip (missing: not ready, it was removed). */
function mediaOf(row: SendingRow): DeliveryMedia | null {
  if (row.reminder_type !== "voice" && row.reminder_type !== "video") return null;
  const clip = row.media;
  return {
    kind: row.reminder_type,
    ready: clip?.status === "ready" && clip.kind === row.reminder_type,
    hasPoster: Boolean(clip?.posterKey),
    whatsappVideo: clip ? whatsappVideoKey({ ...clip, kind: clip.kind }) !== null : false,
  };
}

/** A leased delivery as read: its own columns and what sending reads. */
export interface LeasedRow extends SendingRow {
  id: string;
  reminder_id: string;
  workspace_id: string;
  channel: DeliveryMethod;
  occurrence_at: Date;
  attempt_count: number;
  slowed_count: number;
  last_error_code: string | null;
  created_at: Date;
  /** 'YYYY-MM-DD': the occurrence's local day in the reminder's zone. */
  occurrence_local_date: string;
  fallback_step: number;
  /** Another step of this occurrence was answered (YES, NO, LATER): this one is not needed. */
  answered_earlier: boolean;
  /** Set when the contact's choices sent the step by another channel than its own (absent: none). */
  requested_channel?: DeliveryMethod | null;
}

/**
 * A lead reminder goes to the reminder's lead person (its creator while a member, else the
 * workspace's owner): their address and language, none of the contact's opt-outs or suppression
 * (those are the contact's choices about messages to them).
 */
function recipientOf(row: LeasedRow) {
  if (row.recipient !== "owner") {
    return {
      email: row.email,
      phone: row.phone,
      contactLocale: row.contact_locale,
      emailOptOut: row.email_opt_out,
      smsOptOut: row.sms_opt_out,
      whatsappOptOut: row.whatsapp_opt_out,
      callOptOut: row.call_opt_out,
      emailSuppressed: row.email_suppressed,
      choices: choicesOf(row),
    };
  }
  return {
    email: row.sender_email,
    phone: null,
    contactLocale: null,
    emailOptOut: false,
    smsOptOut: false,
    whatsappOptOut: false,
    callOptOut: false,
    emailSuppressed: false,
    choices: NO_CHOICES,
  };
}

const NO_CHOICES: ContactChoices = {
  acceptedChannels: null,
  window: null,
  pausedUntil: null,
  stopped: false,
};

/** The contact's choices as the engine applies them (see ContactChoices). */
function choicesOf(row: SendingRow): ContactChoices {
  if (!row.accepted_channels && row.window_start === null && !row.paused_until && !row.stopped)
    return NO_CHOICES;
  return {
    acceptedChannels: row.accepted_channels,
    window:
      row.window_start !== null && row.window_end !== null
        ? { start: row.window_start, end: row.window_end }
        : null,
    pausedUntil: row.paused_until,
    stopped: row.stopped,
  };
}

export function toLeased(row: LeasedRow): LeasedDelivery {
  const [year, month, day] = row.occurrence_local_date.split("-").map(Number);
  return {
    id: Number(row.id),
    reminderId: row.reminder_id,
    workspaceId: row.workspace_id,
    channel: row.channel,
    requestedChannel: row.requested_channel ?? row.channel,
    chain: [row.reminder_method, ...row.fallback_channels],
    occurrenceAt: row.occurrence_at,
    attemptCount: row.attempt_count,
    slowedCount: row.slowed_count,
    lastErrorCode: row.last_error_code,
    createdAt: row.created_at,
    reminderStatus: row.reminder_status,
    message: row.message,
    askConfirmation: row.ask_confirmation,
    contactName: row.contact_name,
    ...recipientOf(row),
    recipient: row.recipient === "owner" ? "owner" : "contact",
    contactDate:
      row.date_month === null ? null : { month: row.date_month, day: row.date_day ?? 1, year: row.date_year },
    occurrenceDate: { year, month, day },
    occurrenceLocalDate: row.occurrence_local_date,
    fallbackStep: row.fallback_step,
    fallbackWaits: row.fallback_wait_minutes,
    answeredEarlier: row.answered_earlier,
    parentReminderId: row.parent_reminder_id,
    contactTimezone: row.contact_timezone,
    whatsappConsentAt: row.whatsapp_consent_at,
    unsubscribeToken: row.unsubscribe_token,
    senderName: row.sender_name,
    senderEmail: row.sender_email,
    locale: row.locale,
    userTimezone: row.user_timezone,
    planType: row.plan_type,
    media: mediaOf(row),
  };
}
