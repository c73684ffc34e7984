import "server-only";
import { createTranslator } from "use-intl/core";
import { TRAIL_EXPORT_PAGE_SIZE } from "@/config/activity-trail";
import { catalogueFor } from "@/i18n/catalogues";
import { integerIdCursor } from "@/lib/db/keyset-cursor";
import type { TrailFilter } from "@/lib/validations/trail";
import { csvRow } from "./csv-row";
import { trailKindGroup } from "./trail-kind-group";
import { trailLine } from "./trail-line";
import { trailPageQuery } from "./trail-page-query";
import { trailWords } from "./trail-words";
import { toTrailEvent } from "./to-trail-event";

/**
 * GET /api/team/activity/export: every line of the filter as CSV (UTF-8 with a byte order mark,
 * which spreadsheets need to read it as UTF-8; a header row), in the reader's language, times in
 * ISO 8601 UTC. Streamed: one keyset page of TRAIL_EXPORT_PAGE_SIZE rows per read, so a long
 * trail never sits in memory whole, and each page is one indexed statement.
 */
export function streamTrailCsv(
  workspaceId: string,
  filter: TrailFilter,
  locale: string,
): ReadableStream<Uint8Array> {
  const words = trailWords(locale);
  const t = createTranslator({ ...catalogueFor(locale), namespace: "activityTrail.columns" });
  const groups = createTranslator({ ...catalogueFor(locale), namespace: "trail.kindGroups" });
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(`\uFEFF${csvRow([t("time"), t("person"), t("kind"), t("activity"), t("apiKey")])}`),
      );
    },
    async pull(controller) {
      if (done) return;
      const rows = await trailPageQuery(workspaceId, { ...filter, cursor }, TRAIL_EXPORT_PAGE_SIZE);
      const lines = rows.map((row) => {
        const event = toTrailEvent(row);
        return csvRow([
          event.at,
          event.actorName ?? "",
          groups(trailKindGroup(event.kind)),
          trailLine(event, words),
          event.apiKey ?? "",
        ]);
      });
      if (lines.length > 0) controller.enqueue(encoder.encode(lines.join("")));
      const last = rows[rows.length - 1];
      if (rows.length < TRAIL_EXPORT_PAGE_SIZE || !last) {
        done = true;
        controller.close();
        return;
      }
      cursor = integerIdCursor.encode(last.sortKey, last.id);
    },
  });
}
