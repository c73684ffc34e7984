import "server-only";
import { integerIdCursor } from "@/lib/db/keyset-cursor";
import type { TrailQuery } from "@/lib/validations/trail";
import type { TrailEntry } from "./trail-entry";
import { trailLine } from "./trail-line";
import { trailPageQuery } from "./trail-page-query";
import { trailWords } from "./trail-words";
import { toTrailEvent } from "./to-trail-event";

export interface TrailPage {
  items: TrailEntry[];
  /** Opaque; pass as ?cursor= for the next page. Null on the last page. */
  nextCursor: string | null;
}

/**
 * GET /api/team/activity and the Activity trail page: a workspace's trail, newest first,
 * filtered by person and group of kinds, keyset-paged on (created_at, id), each line in words
 * in the reader's `locale`. Only this workspace's rows: the statement's first condition.
 */
export async function listTrail(
  workspaceId: string,
  query: Partial<TrailQuery>,
  locale: string,
): Promise<TrailPage> {
  const words = trailWords(locale);
  const limit = query.limit ?? 50;
  const rows = await trailPageQuery(workspaceId, query, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => {
      const event = toTrailEvent(row);
      return { ...event, text: trailLine(event, words) };
    }),
    nextCursor: rows.length > limit && last ? integerIdCursor.encode(last.sortKey, last.id) : null,
  };
}
