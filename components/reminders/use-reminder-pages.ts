"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { apiResult } from "@/lib/api/request";

/**
 * Pages of GET /api/reminders for one filter: starts from the server-rendered first page,
 * 'Load more' follows the X-Next-Cursor header, `reload` starts over.
 */
export function useReminderPages(
  params: Record<string, string>,
  initial: { items: ReminderDto[]; nextCursor: string | null } | null,
) {
  const key = new URLSearchParams(params).toString();
  const [items, setItems] = useState<ReminderDto[]>(initial?.items ?? []);
  const [cursor, setCursor] = useState<string | null>(initial?.nextCursor ?? null);
  const [loading, setLoading] = useState(initial === null);

  const fetchPage = useCallback(
    async (from: string | null) => {
      setLoading(true);
      const query = new URLSearchParams(key);
      if (from) query.set("cursor", from);
      const result = await apiResult<ReminderDto[]>("GET", `/api/reminders?${query}`).catch(() => null);
      setLoading(false);
      if (!result?.ok) return;
      setItems((previous) => (from ? [...previous, ...result.data] : result.data));
      setCursor(result.headers.get("x-next-cursor"));
    },
    [key],
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
    hasMore: cursor !== null,
    loadMore: () => fetchPage(cursor),
    reload: () => fetchPage(null),
  };
}
