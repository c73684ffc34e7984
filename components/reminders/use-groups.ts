"use client";

import { useEffect, useState } from "react";
import { apiResult } from "@/lib/api-client/request";

/** A group as the reminder dialog offers it (GET /api/groups). */
export interface GroupOption {
  id: string;
  name: string;
  memberCount: number;
}

/**
 * The user's groups, fetched each time the dialog opens (a group made on the contacts screen a
 * moment ago is there); null while loading or when they could not be read.
 */
export function useGroups(open: boolean): GroupOption[] | null {
  const [groups, setGroups] = useState<GroupOption[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    apiResult<{ groups: GroupOption[] }>("GET", "/api/groups")
      .then((result) => {
        if (live && result.ok) setGroups(result.data.groups);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open]);
  return groups;
}
