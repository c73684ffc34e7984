import "server-only";
import { and, eq } from "drizzle-orm";
import { storedObjects } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { getStorage } from "./get-storage";

/** GET /api/objects/uploads/{id}: a checked object, to its owner only (anyone else: 404). */
export async function openOwnedObject(workspaceId: string, id: string): Promise<Response> {
  const [row] = await db
    .select()
    .from(storedObjects)
    .where(
      and(eq(storedObjects.id, id), eq(storedObjects.workspaceId, workspaceId), eq(storedObjects.status, "ready")),
    );
  if (!row) throw notFound();
  const body = await getStorage().open(row.key);
  return new Response(body, {
    headers: {
      "content-type": row.contentType ?? "application/octet-stream",
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
      ...(row.size !== null ? { "content-length": String(row.size) } : {}),
    },
  });
}
