import "server-only";
/** The stable path the app serves an object at (to its owner only). */
export const objectPathOf = (id: string) => `/api/objects/uploads/${id}`;

/** The object id in such a path, or null for any other value. */
export function objectIdOfPath(path: string | null | undefined): string | null {
  return /^\/api\/objects\/uploads\/([0-9a-f-]{36})$/.exec(path ?? "")?.[1] ?? null;
}

export const uploadKeyOf = (id: string) => `uploads/${id}`;

/** Upload links live this long; the browser uses them right away. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
