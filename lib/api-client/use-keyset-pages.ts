"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiResult } from "./request";

/**
 * Pages of a keyset-paginated list endpoint (`url` with its filters; null: nothing to load):
 * starts from `initial` when the server rendered the first page, else fetches it; 'Load more'
 * follows the X-Next-Cursor header (`?cursor=`), `reload` starts over.
 */
export function useKeysetPages<T>(
  url: string | null,
  initial: { items: T[]; nextCursor: string | null } | null = null,
) {
  const [items, setItems] = useState<T[]>(initial?.items ?? []);
  const [cursor, setCursor] = useState<string | null>(initial?.nextCursor ?? null);
  const [loading, setLoading] = useState(initial === null && url !== null);
  const [failed, setFailed] = useState(false);

  const fetchPage = useCallback(
    async (from: string | null) => {
      if (!url) return;
      setLoading(true);
      const separator = url.includes("?") ? "&" : "?";
      const target = from ? `${url}${separator}cursor=${encodeURIComponent(from)}` : url;
      const result = await apiResult<T[]>("GET", target).catch(() => null);
      setLoading(false);
      setFailed(!result?.ok);
      if (!result?.ok) return;
      setItems((previous) => (from ? [...previous, ...result.data] : result.data));
      setCursor(result.headers.get("x-next-cursor"));
    },
    [url],
  );

  // The first render uses the server's page; a later filter (or reload) fetches.
  const skipFirst = useRef(initial !== null);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    void fetchPage(null);
  }, [fetchPage]);

  return {
    items,
    loading,
    failed,
    hasMore: cursor !== null,
    loadMore: () => fetchPage(cursor),
    reload: () => fetchPage(null),
  };
}
