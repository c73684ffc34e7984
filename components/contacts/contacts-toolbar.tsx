"use client";

import { useTranslations } from "next-intl";
import { ListChecks, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import type { GroupView } from "./group-calls";

/** The Select toggle: focus comes back to it when Select mode ends from the bar. */
export const SELECT_MODE_ID = "contacts-select-mode";

export interface ContactsToolbarProps {
  query: string;
  onQueryChange(query: string): void;
  groups: readonly GroupView[];
  /** The group the list is filtered by; null: every contact. */
  groupId: string | null;
  onGroupChange(groupId: string | null): void;
  totalCount: number;
  selecting: boolean;
  /** Absent for a role that may not write: Select mode's actions are all changes to groups. */
  onSelectingChange?: (selecting: boolean) => void;
}

/** Above the cards: search, the group filter (once there are groups) and the Select toggle. */
export function ContactsToolbar({
  query,
  onQueryChange,
  groups,
  groupId,
  onGroupChange,
  totalCount,
  selecting,
  onSelectingChange,
}: ContactsToolbarProps) {
  const t = useTranslations("contacts");
  const tg = useTranslations("groups");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative w-full max-w-md min-w-0 sm:flex-1">
        <Search
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label={t("searchLabel")}
          placeholder={t("searchPlaceholder")}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          className="pl-9"
        />
      </div>
      {groups.length > 0 ? (
        <div className="w-full min-w-0 sm:w-64">
          <NativeSelect
            aria-label={tg("filterLabel")}
            data-testid="group-filter"
            value={groupId ?? ""}
            onChange={(event) => onGroupChange(event.target.value || null)}
          >
            <NativeSelectOption value="">{tg("allContacts", { count: totalCount })}</NativeSelectOption>
            {groups.map((group) => (
              <NativeSelectOption key={group.id} value={group.id}>
                {tg("option", { name: group.name, count: group.memberCount })}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {totalCount > 0 && onSelectingChange ? (
        <Button
          id={SELECT_MODE_ID}
          type="button"
          variant={selecting ? "secondary" : "outline"}
          aria-pressed={selecting}
          onClick={() => onSelectingChange(!selecting)}
        >
          <ListChecks aria-hidden /> {tg("select")}
        </Button>
      ) : null}
    </div>
  );
}
