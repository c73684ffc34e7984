import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { media } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * Bytes a user's clips take toward the plan's allowance: what is stored, plus the declared size
 * of uploads under way (so two uploads started together cannot both take the last room).
 */
export async function usedMediaBytes(
  executor: DbOrTx,
  workspaceId: string,
  exceptMediaId?: string,
): Promise<number> {
  const [row] = await executor
    .select({
      used: sql<string>`coalesce(sum(case when ${media.status} = 'uploading' then coalesce(${media.sourceBytes}, 0) else ${media.storedBytes} end), 0)`,
    })
    .from(media)
    .where(and(eq(media.workspaceId, workspaceId), exceptMediaId ? ne(media.id, exceptMediaId) : undefined));
  return Number(row?.used ?? 0);
}

/** Serialises a user's allowance checks in the caller's transaction. */
export async function lockUserMedia(executor: DbOrTx, workspaceId: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${workspaceId}`}))`);
}
