import "server-only";
import { and, eq } from "drizzle-orm";
import { media } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { renditionOf } from "./media-renditions";
import { serveMediaRange } from "./serve-media-range";

/** The owner's preview of a ready clip (session routes); another user's clip is a 404. */
export async function serveOwnerMedia(
  request: Request,
  workspaceId: string,
  mediaId: string,
  rendition: "playback" | "poster",
) {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.workspaceId, workspaceId)));
  const object = row && renditionOf(row, rendition);
  if (!object) throw notFound({ code: "media_not_found", message: "Media not found" });
  return serveMediaRange(request, { ...object, cacheControl: "private, max-age=3600" });
}
