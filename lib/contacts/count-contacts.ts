import "server-only";
import { cache } from "react";
import { count, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";

/**
 * How many contacts the user has. Deduplicated per server render (React `cache`): the sidebar's
 * usage and the dashboard's stat card read it in the same request.
 */
export const countContacts = cache(async (workspaceId: string): Promise<number> => {
  const [row] = await db
    .select({ value: count() })
    .from(contacts)
    .where(eq(contacts.workspaceId, workspaceId));
  return row?.value ?? 0;
});
