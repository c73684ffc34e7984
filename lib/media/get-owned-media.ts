import "server-only";
import { and, eq } from "drizzle-orm";
import { media } from "@/db/schema";
import { db } from "@/lib/db";
import type { MediaDto } from "./media-dto";
import { mediaNotFound } from "./mark-media-uploaded";
import { toMediaDto } from "./to-media-dto";

/** GET /api/media/{id}: the user's own clip (another user's is not found). */
export async function getOwnedMedia(workspaceId: string, id: string): Promise<MediaDto> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)));
  if (!row) throw mediaNotFound();
  return toMediaDto(row);
}
