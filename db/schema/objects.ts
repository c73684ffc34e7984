import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, uuidId } from "./columns";
import { users } from "./auth";

/** Files users upload (avatars). Served only to their owner. */
export const storedObjects = pgTable(
  "stored_objects",
  {
    id: uuidId(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull().unique(),
    contentType: text(),
    size: bigint({ mode: "number" }),
    /** pending until the upload is checked (image type, size), then ready. */
    status: text().notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stored_objects_owner_idx").on(t.ownerId),
    check("stored_objects_status_check", sql`${t.status} in ('pending', 'ready')`),
    check("stored_objects_size_check", sql`${t.size} is null or ${t.size} >= 0`),
  ],
);
