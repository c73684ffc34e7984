"use client";

import { useCallback, useMemo, useState } from "react";

/**
 * The contacts chosen in Select mode, by id. The choice outlives a search (find one, tick,
 * find the next), so "Select all" adds the contacts shown to it and "Deselect all" takes them out.
 */
export function useContactSelection(shownIds: readonly string[]) {
  const [selecting, setSelectingState] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  const allShownSelected = useMemo(
    () => shownIds.length > 0 && shownIds.every((id) => selected.has(id)),
    [shownIds, selected],
  );

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const toggleAll = useCallback(() => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of shownIds) {
        if (allShownSelected) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }, [shownIds, allShownSelected]);

  /** Drops ids from the choice (contacts gone, or gone from the filtered group). */
  const forget = useCallback((ids: Iterable<string>) => {
    const gone = new Set(ids);
    setSelected((current) => new Set([...current].filter((id) => !gone.has(id))));
  }, []);

  /** Keeps only ids still among the contacts (after a reload). */
  const keepOnly = useCallback((ids: ReadonlySet<string>) => {
    setSelected((current) =>
      [...current].every((id) => ids.has(id)) ? current : new Set([...current].filter((id) => ids.has(id))),
    );
  }, []);

  const clear = useCallback(() => setSelected(new Set()), []);

  /** Leaving Select mode forgets the choice. */
  const setSelecting = useCallback((on: boolean) => {
    setSelectingState(on);
    if (!on) setSelected(new Set());
  }, []);

  return { selecting, setSelecting, selected, allShownSelected, toggle, toggleAll, forget, keepOnly, clear };
}
