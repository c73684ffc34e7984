import type { KeysetPage } from "../keyset-page-response";

/** Every v1 list's answer: the items and the next page's cursor, in the body. */
export function pageAnswer<T>(page: KeysetPage<T>) {
  return { data: page.items, nextCursor: page.nextCursor };
}
