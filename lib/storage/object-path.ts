/** The stable path the app serves an object at (to its owner only). */
export const objectPathOf = (id: string) => `/api/objects/uploads/${id}`;

export const uploadKeyOf = (id: string) => `uploads/${id}`;

/** Upload links live this long; the browser uses them right away. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
