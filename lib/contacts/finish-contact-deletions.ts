import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { removeObjectAtPath } from "@/lib/storage/remove-object-at-path";

/** How long a final deletion's marker answers a late Undo with "too late" before it goes. */
const MARKER_MS = 24 * 60 * 60 * 1000;

/**
 * Makes every contact deletion whose undo window has passed final: the kept rows are dropped
 * and the photo leaves storage. The marker row stays a day (a late Undo is then "too late",
 * not "not found"), then goes too. Returns how many deletions it made final.
 */
export async function finishContactDeletions(now = new Date()): Promise<number> {
  // Rows a restore holds are skipped: that restore is inside its window and wins.
  // The contact's consent records stay, without its id: nothing personal is left in them.
  const { rows } = await db.execute<{ workspace_id: string; avatar_url: string | null }>(sql`
    with finished as (
      update deleted_contacts dc set rows = null, avatar_url = null
      from (select contact_id, avatar_url from deleted_contacts
            where rows is not null and restorable_until < ${now.toISOString()}::timestamptz
            for update skip locked) old
      where dc.contact_id = old.contact_id
      returning dc.contact_id, dc.workspace_id, old.avatar_url
    ), unlinked as (
      update consent_records r set contact_id = null from finished f
      where r.workspace_id = f.workspace_id and r.contact_id = f.contact_id
    )
    select workspace_id, avatar_url from finished`);
  for (const row of rows) await removeObjectAtPath(row.workspace_id, row.avatar_url);
  await db.execute(
    sql`delete from deleted_contacts where rows is null
      and restorable_until < ${new Date(now.getTime() - MARKER_MS).toISOString()}::timestamptz`,
  );
  return rows.length;
}
