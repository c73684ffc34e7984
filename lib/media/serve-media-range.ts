import "server-only";
import { getStorage } from "@/lib/storage/get-storage";
import { notFound } from "@/lib/errors/domain-error";
import { parseRange } from "./parse-range";

export interface ServedObject {
  key: string;
  contentType: string;
  /** `private, max-age=…`: the owner's copies may be kept longer than a recipient's link. */
  cacheControl: string;
}

/**
 * A stored rendition answered to a GET (or HEAD) with range support: 200 with the whole object,
 * 206 with Content-Range for one range, 416 with `Content-Range: bytes *\/size` for one that
 * cannot be served. Players seek by asking for ranges; iOS refuses video without them. A
 * missing object is a 404.
 */
export async function serveMediaRange(request: Request, object: ServedObject): Promise<Response> {
  const storage = getStorage();
  const size = await storage.size(object.key);
  if (size === null) throw notFound({ code: "media_not_found", message: "Media not found" });
  const headers: Record<string, string> = {
    "accept-ranges": "bytes",
    "content-type": object.contentType,
    "cache-control": object.cacheControl,
    "x-content-type-options": "nosniff",
    "x-robots-tag": "noindex",
  };
  const range = parseRange(request.headers.get("range"), size);
  if (range.kind === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  }
  const [start, end] = range.kind === "partial" ? [range.start, range.end] : [0, size - 1];
  const length = size === 0 ? 0 : end - start + 1;
  const body =
    request.method === "HEAD" || length === 0 ? null : await storage.openRange(object.key, start, end);
  if (body === null && request.method !== "HEAD" && length > 0) {
    throw notFound({ code: "media_not_found", message: "Media not found" });
  }
  headers["content-length"] = String(length);
  if (range.kind === "partial") {
    headers["content-range"] = `bytes ${start}-${end}/${size}`;
    return new Response(body, { status: 206, headers });
  }
  return new Response(body, { status: 200, headers });
}
