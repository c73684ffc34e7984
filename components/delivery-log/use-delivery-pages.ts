"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiResult } from "@/lib/api/request";
import type { DeliveryEntry } from "@/lib/delivery/to-delivery-entry";

/**
 * Pages of a deliveries endpoint (`url` with its filters): starts from `initial` when the server
 * rendered the first page, else fetches it; 'Load more' follows the X-Next-Cursor header.
 */
export function useDeliveryPages(
  url: string | null,
  initial: { items: DeliveryEntry[]; nextCursor: string | null } | null = null,
) {
  const [items, setItems] = useState<DeliveryEntry[]>(initial?.items ?? []);
  const [cursor, setCursor] = useState<string | null>(initial?.nextCursor ?? null);
  const [loading, setLoading] = useState(initial === null && url !== null);
  const [failed, setFailed] = useState(false);

  const fetchPage = useCallback(
    async (from: string | null) => {
      if (!url) return;
      setLoading(true);
      const separator = url.includes("?") ? "&" : "?";
      const target = from ? `${url}${separator}cursor=${encodeURIComponent(from)}` : url;
      const result = await apiResult<DeliveryEntry[]>("GET", target).catch(() => null);
      setLoading(false);
      setFailed(!result?.ok);
      if (!result?.ok) return;
      setItems((previous) => (from ? [...previous, ...result.data] : result.data));
      setCursor(result.headers.get("x-next-cursor"));
    },
    [url],
  );

  const skipFirst = useRef(initial !== null);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    void fetchPage(null);
  }, [fetchPage]);

  return { items, loading, failed, hasMore: cursor !== null, loadMore: () => fetchPage(cursor) };
}
