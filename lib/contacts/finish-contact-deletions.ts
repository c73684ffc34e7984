import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { recordConsent } from "@/lib/consent/record-consent";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { removeObjectAtPath } from "@/lib/storage/remove-object-at-path";

/** How long a final deletion's marker answers a late Undo with "too late" before it goes. */
const MARKER_MS = 24 * 60 * 60 * 1000;

type Finished = {
  workspace_id: string;
  avatar_url: string | null;
  /** When the contact asked to be forgotten (the kept contact row's), if they did. */
  forget_requested_at: string | null;
  /** The contact's language, for the record's sentence. */
  locale: string | null;
};

/**
 * Makes every contact deletion whose undo window has passed final: the kept rows are dropped
 * and the photo leaves storage. A contact who had asked to be forgotten leaves, in the same
 * transaction, a consent record 'forgotten' (source sender) that names nobody: no contact id,
 * only when they asked. The marker row stays a day (a late Undo is then "too late", not "not
 * found"), then goes too. Returns how many deletions it made final.
 */
export async function finishContactDeletions(now = new Date()): Promise<number> {
  const rows = await db.transaction(async (tx) => {
    // Rows a restore holds are skipped: that restore is inside its window and wins. The
    // contact's consent records stay, without its id: nothing personal is left in them.
    const { rows: finished } = await tx.execute<Finished>(sql`
      with finished as (
        update deleted_contacts dc set rows = null, avatar_url = null
        from (select contact_id, avatar_url,
                rows->'contacts'->0->>'forget_requested_at' as forget_requested_at,
                rows->'contacts'->0->>'locale' as locale
              from deleted_contacts
              where rows is not null and restorable_until < ${now.toISOString()}::timestamptz
              for update skip locked) old
        where dc.contact_id = old.contact_id
        returning dc.contact_id, dc.workspace_id, old.avatar_url, old.forget_requested_at, old.locale
      ), unlinked as (
        update consent_records r set contact_id = null from finished f
        where r.workspace_id = f.workspace_id and r.contact_id = f.contact_id
      )
      select workspace_id, avatar_url, forget_requested_at, locale from finished`);
    await recordConsent(
      tx,
      finished
        .filter((row) => row.forget_requested_at !== null)
        .map((row) => ({
          workspaceId: row.workspace_id,
          contactId: null,
          channel: null,
          change: "forgotten" as const,
          source: "sender" as const,
          wording: deliveryTranslator(row.locale)("consent.forgotten"),
          details: { requestedAt: new Date(row.forget_requested_at ?? "").toISOString() },
          at: now,
        })),
    );
    return finished;
  });
  for (const row of rows) await removeObjectAtPath(row.workspace_id, row.avatar_url);
  await db.execute(
    sql`delete from deleted_contacts where rows is null
      and restorable_until < ${new Date(now.getTime() - MARKER_MS).toISOString()}::timestamptz`,
  );
  return rows.length;
}
