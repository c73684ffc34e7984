import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import { MEDIA_KINDS, MEDIA_STATUSES } from "./enums";
import { workspaces } from "./workspaces";

/**
 * A voice or video clip a user recorded or picked, and the renditions made from it. The source
 * is uploaded under `sourceKey`; processing writes the others. Objects live in the store (S3 or
 * DATA_DIR), rows only point at them.
 */
export const media = pgTable(
  "media",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    status: text().notNull().default("uploading"),
    /** The file name the browser gave (shown to the user only). */
    filename: varchar({ length: 255 }).notNull(),
    /** The type the browser declared; never trusted, processing probes the bytes. */
    declaredType: varchar({ length: 255 }),
    sourceKey: text().notNull().unique(),
    /** The S3 multipart upload under way, if the file goes in parts. */
    uploadId: text(),
    sourceBytes: bigint({ mode: "number" }),
    durationMs: integer(),
    /** MP4 (H.264/AAC) for video, MP3 for voice: what players and e-mail links open. */
    playbackKey: text(),
    playbackType: text(),
    playbackBytes: bigint({ mode: "number" }),
    /** Video: a JPEG still for e-mail and the player. */
    posterKey: text(),
    /** Video: a rendition of at most 16 MB for WhatsApp, when one could be made. */
    whatsappKey: text(),
    whatsappBytes: bigint({ mode: "number" }),
    /** Every stored byte of this clip (source and renditions), counted toward the plan's allowance. */
    storedBytes: bigint({ mode: "number" }).notNull().default(0),
    /** Why processing refused the clip: an error code with a message in every language. */
    failureReason: text(),
    readyAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("media_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    // The clean-up's scan: uploads left unfinished.
    index("media_uploading_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'uploading'`),
    check("media_kind_check", oneOf(t.kind, MEDIA_KINDS)),
    check("media_status_check", oneOf(t.status, MEDIA_STATUSES)),
    check("media_bytes_check", sql`${t.storedBytes} >= 0`),
    check("media_ready_check", sql`${t.status} <> 'ready' or (${t.playbackKey} is not null and ${t.durationMs} is not null)`),
  ],
);

export type Media = typeof media.$inferSelect;
