import "server-only";
import { notFound } from "@/lib/errors/domain-error";
import { findPlaybackGrant } from "./find-playback-grant";
import { renditionOf, type Rendition } from "./media-renditions";
import { serveMediaRange } from "./serve-media-range";

/**
 * A rendition of the clip a playback link grants, to anyone holding the link (no session):
 * only that clip, only while the link is valid; anything else is a 404.
 */
export async function servePlayback(request: Request, token: string, rendition: Rendition) {
  const grant = await findPlaybackGrant(token);
  const object = grant && renditionOf(grant.media, rendition);
  if (!object) throw notFound({ code: "media_not_found", message: "Media not found" });
  // Short: a revoked link stops at the server at once, a browser's copy soon after.
  return serveMediaRange(request, { ...object, cacheControl: "private, max-age=300" });
}
