import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, uuidId } from "./columns";
import { workspaces } from "./workspaces";

/** Files uploaded for contacts (avatars). Served only to members of their workspace. */
export const storedObjects = pgTable(
  "stored_objects",
  {
    id: uuidId(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    key: text().notNull().unique(),
    contentType: text(),
    size: bigint({ mode: "number" }),
    /** pending until the upload is checked (image type, size), then ready. */
    status: text().notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stored_objects_workspace_idx").on(t.workspaceId),
    check("stored_objects_status_check", sql`${t.status} in ('pending', 'ready')`),
    check("stored_objects_size_check", sql`${t.size} is null or ${t.size} >= 0`),
  ],
);
