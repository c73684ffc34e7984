import "server-only";
import type pg from "pg";
import { eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { DELIVERY_METHODS, type ConsentChange, type DeliveryMethod } from "@/db/schema/enums";
import type { PreferenceChange } from "@/config/preferences";
import { recordConsent } from "@/lib/consent/record-consent";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { timeOf } from "@/lib/validations/preferences";
import { emitWebhookEvents, type WebhookEvent } from "@/lib/webhooks/emit-webhook-events";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import type { PreferencesSubject } from "./preferences-subject";

type Contact = typeof contacts.$inferSelect;

/** One consent record: what changed, on which channel (null: all), the words the contact read. */
export interface ConsentLine {
  change: ConsentChange;
  channel?: DeliveryMethod | null;
  wording: string;
  details?: Record<string, unknown>;
}

export interface PreferencesChange {
  /** What the trail line and the webhook event call it. */
  change: PreferenceChange;
  /** The contact's columns that change (the contact's own choices, never the sender's). */
  columns: Partial<Pick<Contact, ContactColumn>>;
  consent: ConsentLine[];
  /** Off for a request that changes nothing yet (calls asked back, pending the reply). */
  changesPreferences?: boolean;
  /** Other events the change makes (`contact.opted_in` when e-mail is taken back). */
  events?: Omit<WebhookEvent, "workspaceId" | "occurredAt">[];
}

type ContactColumn =
  | "acceptedChannels"
  | "windowStart"
  | "windowEnd"
  | "timezone"
  | "pausedUntil"
  | "stoppedAt"
  | "forgetRequestedAt"
  | "locale"
  | "emailOptOut"
  | "whatsappConsentAt"
  | "whatsappConsentSource";

/**
 * The contact's preferences as a `contact.preferences_changed` event carries them: choices and
 * flags only, nothing personal (no address, no name, no zone: the API has the contact).
 */
export function preferencesData(contact: Contact) {
  return {
    channels: contact.acceptedChannels,
    window:
      contact.windowStart === null || contact.windowEnd === null
        ? null
        : { notBefore: timeOf(contact.windowStart), notAfter: timeOf(contact.windowEnd) },
    pausedUntil: contact.pausedUntil,
    stopped: contact.stoppedAt !== null,
    language: contact.locale,
    forgetRequested: contact.forgetRequestedAt !== null,
    optedOut: DELIVERY_METHODS.filter(
      (channel) =>
        ({
          email: contact.emailOptOut,
          sms: contact.smsOptOut,
          whatsapp: contact.whatsappOptOut,
          call: contact.callOptOut,
        })[channel],
    ),
  };
}

/**
 * Writes one change the contact made on their page, in the caller's transaction: the contact's
 * columns (and when they last changed their preferences), a consent record per line with the
 * words they read, a line of the workspace's trail with the contact as its actor, and a
 * `contact.preferences_changed` webhook event with the preferences as they now stand.
 */
export async function recordPreferencesChange(
  client: pg.PoolClient,
  subject: PreferencesSubject,
  change: PreferencesChange,
  now: Date,
): Promise<Contact> {
  const tx = drizzleOnClient(client);
  const [contact] = await tx
    .update(contacts)
    .set({
      ...change.columns,
      ...(change.changesPreferences === false ? {} : { preferencesChangedAt: now }),
      updatedAt: now,
    })
    .where(eq(contacts.id, subject.contactId))
    .returning();
  await recordConsent(
    tx,
    change.consent.map((line) => ({
      workspaceId: subject.workspaceId,
      contactId: subject.contactId,
      channel: line.channel ?? null,
      change: line.change,
      source: "preferences_page" as const,
      wording: line.wording,
      details: line.details,
      at: now,
    })),
  );
  await recordWorkspaceEvent(
    tx,
    subject.workspaceId,
    { outsiderName: subject.contactName },
    {
      kind: "contact.preferences_changed",
      subjectId: subject.contactId,
      details: { name: subject.contactName, change: change.change },
    },
    now,
  );
  await emitWebhookEvents(client, [
    ...(change.events ?? []).map((event) => ({
      ...event,
      workspaceId: subject.workspaceId,
      occurredAt: now,
    })),
    {
      workspaceId: subject.workspaceId,
      type: "contact.preferences_changed",
      data: { contactId: subject.contactId, change: change.change, preferences: preferencesData(contact) },
      occurredAt: now,
    },
  ]);
  return contact;
}
