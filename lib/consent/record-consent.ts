import "server-only";
import { consentRecords } from "@/db/schema";
import type { ConsentChange, ConsentSource, DeliveryMethod } from "@/db/schema/enums";
import type { DbOrTx } from "@/lib/db";

export interface ConsentEntry {
  workspaceId: string;
  contactId: string | null;
  /** null: every channel (stop everything, preferences, a request to be forgotten). */
  channel: DeliveryMethod | null;
  change: ConsentChange;
  source: ConsentSource;
  /** The words the contact read when they made the change, in their language. */
  wording: string;
  details?: Record<string, unknown>;
  at?: Date;
}

/** The longest wording a record keeps (consent_records.wording). */
const WORDING_MAX = 1000;

/**
 * Writes consent changes in the caller's transaction (a change and its record commit together).
 * A wording longer than the column holds (a long reply) is kept to its first 1,000 characters.
 */
export async function recordConsent(client: DbOrTx, entries: ConsentEntry[]) {
  if (entries.length === 0) return;
  await client
    .insert(consentRecords)
    .values(
      entries.map((entry) => ({
        ...entry,
        wording: Array.from(entry.wording).slice(0, WORDING_MAX).join(""),
      })),
    );
}
