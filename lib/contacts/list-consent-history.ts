import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { CONSENT_HISTORY_LIMIT } from "@/config/preferences";
import { consentRecords, contacts } from "@/db/schema";
import type { ConsentChange, ConsentSource, DeliveryMethod } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { ownContact } from "./contact-select";
import { CONTACT_NOT_FOUND } from "./delete-contact";

/** One change a contact made to their consent, as the contact card lists it. */
export interface ConsentHistoryEntry {
  id: number;
  at: Date;
  /** null: every channel. */
  channel: DeliveryMethod | null;
  change: ConsentChange;
  source: ConsentSource;
  /** The words the contact read (or sent) when they made the change, in their language. */
  wording: string;
}

export interface ConsentHistory {
  records: ConsentHistoryEntry[];
  /** Older records exist beyond CONSENT_HISTORY_LIMIT (the data export has every one). */
  hasMore: boolean;
}

/**
 * GET /api/contacts/{id}/consent: the contact's consent records, newest first, at most
 * CONSENT_HISTORY_LIMIT. Another workspace's contact, or an unknown id, is a 404.
 */
export async function listConsentHistory(workspaceId: string, contactId: string): Promise<ConsentHistory> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(ownContact(workspaceId, contactId));
  if (!contact) throw notFound(CONTACT_NOT_FOUND);
  const rows = await db
    .select({
      id: consentRecords.id,
      at: consentRecords.at,
      channel: consentRecords.channel,
      change: consentRecords.change,
      source: consentRecords.source,
      wording: consentRecords.wording,
    })
    .from(consentRecords)
    .where(and(eq(consentRecords.workspaceId, workspaceId), eq(consentRecords.contactId, contactId)))
    .orderBy(desc(consentRecords.at), desc(consentRecords.id))
    .limit(CONSENT_HISTORY_LIMIT + 1);
  return {
    records: rows.slice(0, CONSENT_HISTORY_LIMIT).map((row) => ({
      ...row,
      channel: row.channel as DeliveryMethod | null,
      change: row.change as ConsentChange,
      source: row.source as ConsentSource,
    })),
    hasMore: rows.length > CONSENT_HISTORY_LIMIT,
  };
}
