import "server-only";
/** A keyset page from lib/<domain>/list-*: the items and the cursor of the next page, if any. */
export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** The API's paged answer: the items as a JSON array, the next page's cursor in `X-Next-Cursor`. */
export function keysetPageResponse<T>(page: KeysetPage<T>): Response {
  const headers: Record<string, string> = {};
  if (page.nextCursor) headers["X-Next-Cursor"] = page.nextCursor;
  return Response.json(page.items, { headers });
}
