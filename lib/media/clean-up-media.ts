import "server-only";
import { and, eq, exists, inArray, lt, notExists, sql } from "drizzle-orm";
import { ABANDONED_UPLOAD_HOURS, MEDIA_RETENTION_DAYS } from "@/config/media";
import { media, reminders, type Media } from "@/db/schema";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/storage/get-storage";
import { dropMedia } from "./drop-media";
import { mediaIdOfKey } from "./media-keys";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Failed clips and clips no reminder uses are kept this long (the dialog may still show them). */
export const UNUSED_MEDIA_GRACE_MS = DAY_MS;
/** An object without a clip row is left this long: its row may be in a transaction not yet committed. */
const ORPHAN_GRACE_MS = HOUR_MS;

export interface MediaCleanUpReport {
  abandoned: number;
  failed: number;
  unused: number;
  expired: number;
  orphanObjects: number;
  errors: number;
}

type Row = Pick<Media, "id" | "sourceKey" | "uploadId">;
const ROW = { id: media.id, sourceKey: media.sourceKey, uploadId: media.uploadId };

const referenced = () =>
  db
    .select({ one: sql`1` })
    .from(reminders)
    .where(eq(reminders.mediaId, media.id));

/** Runs `act` on each row of `select` batch by batch, until a batch comes back short. */
async function sweep(
  select: (limit: number) => Promise<Row[]>,
  act: (row: Row) => Promise<unknown>,
  batch: number,
  report: MediaCleanUpReport,
) {
  let done = 0;
  for (;;) {
    const rows = await select(batch);
    let failures = 0;
    for (const row of rows) {
      try {
        await act(row);
        done += 1;
      } catch (error) {
        failures += 1;
        report.errors += 1;
        logger.warn("media.clean_up_failed", {
          mediaId: row.id,
          error: error instanceof Error ? error : String(error),
        });
      }
    }
    // A batch that only failed would come back the same: leave it for the next run.
    if (rows.length < batch || failures === rows.length) return done;
  }
}

/** Objects of a clip that has no row, or whose row was removed, and older than the grace. */
async function removeOrphanObjects(now: Date, batch: number, report: MediaCleanUpReport) {
  const storage = getStorage();
  let removed = 0;
  let pending: { key: string; id: string }[] = [];
  const flush = async () => {
    const ids = [...new Set(pending.map((p) => p.id))];
    const live = new Set(
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: media.id })
              .from(media)
              .where(and(inArray(media.id, ids), sql`${media.status} <> 'removed'`))
          ).map((r) => r.id),
    );
    for (const { key, id } of pending) {
      if (live.has(id)) continue;
      try {
        await storage.remove(key);
        removed += 1;
      } catch (error) {
        report.errors += 1;
        logger.warn("media.clean_up_failed", { key, error: error instanceof Error ? error : String(error) });
      }
    }
    pending = [];
  };
  for await (const { key, modifiedAt } of storage.listKeys("media/")) {
    const id = mediaIdOfKey(key);
    if (!id || now.getTime() - modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    pending.push({ key, id });
    if (pending.length >= batch) await flush();
  }
  await flush();
  return removed;
}

/**
 * The hourly clean-up of clips and their objects, each step in batches and safe to run again:
 * uploads left unfinished past ABANDONED_UPLOAD_HOURS (their multipart upload aborted, objects
 * and row removed); failed clips and clips no reminder uses after a day; clips whose reminders
 * are all done (none scheduled) and last used more than MEDIA_RETENTION_DAYS ago (objects
 * removed, row kept as 'removed'); objects under `media/` no clip row owns any more.
 */
export async function cleanUpMedia(now: Date, batch = 100): Promise<MediaCleanUpReport> {
  const report: MediaCleanUpReport = {
    abandoned: 0,
    failed: 0,
    unused: 0,
    expired: 0,
    orphanObjects: 0,
    errors: 0,
  };
  const before = (ms: number) => new Date(now.getTime() - ms);

  report.abandoned = await sweep(
    (limit) =>
      db
        .select(ROW)
        .from(media)
        .where(
          and(eq(media.status, "uploading"), lt(media.createdAt, before(ABANDONED_UPLOAD_HOURS * HOUR_MS))),
        )
        .limit(limit),
    dropMedia,
    batch,
    report,
  );
  report.failed = await sweep(
    (limit) =>
      db
        .select(ROW)
        .from(media)
        .where(
          and(
            eq(media.status, "failed"),
            lt(media.updatedAt, before(UNUSED_MEDIA_GRACE_MS)),
            notExists(referenced()),
          ),
        )
        .limit(limit),
    dropMedia,
    batch,
    report,
  );
  report.unused = await sweep(
    (limit) =>
      db
        .select(ROW)
        .from(media)
        .where(
          and(
            eq(media.status, "ready"),
            lt(media.createdAt, before(UNUSED_MEDIA_GRACE_MS)),
            notExists(referenced()),
          ),
        )
        .limit(limit),
    dropMedia,
    batch,
    report,
  );
  const lastUse = sql`(select max(greatest(${reminders.lastSentAt}, ${reminders.cancelledAt}, ${reminders.updatedAt}))
    from ${reminders} where ${reminders.mediaId} = ${media.id})`;
  report.expired = await sweep(
    (limit) =>
      db
        .select(ROW)
        .from(media)
        .where(
          and(
            inArray(media.status, ["ready", "failed"]),
            exists(referenced()),
            notExists(
              db
                .select({ one: sql`1` })
                .from(reminders)
                .where(and(eq(reminders.mediaId, media.id), eq(reminders.status, "scheduled"))),
            ),
            lt(lastUse, before(MEDIA_RETENTION_DAYS * DAY_MS)),
          ),
        )
        .limit(limit),
    dropMedia,
    batch,
    report,
  );
  report.orphanObjects = await removeOrphanObjects(now, batch, report);
  return report;
}
