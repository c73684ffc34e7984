"use client";

import { useTranslations } from "next-intl";
import { FolderPlus, FolderMinus } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface ContactSelectionBarProps {
  count: number;
  /** How many contacts the list shows now (search and group filter applied). */
  shownCount: number;
  allShownSelected: boolean;
  onToggleAll(): void;
  onAdd(): void;
  /** The group the list is filtered by: its members can be taken out. */
  filterGroupName: string | null;
  onRemove(): void;
  onDone(): void;
}

/** Select all / Deselect all: where focus goes when the chosen contacts leave the list. */
export const SELECT_ALL_ID = "contacts-select-all";

/**
 * The bar of Select mode, sticking to the bottom of the window: how many are chosen, choose all
 * shown, add them to a group, take them out of the filtered group, and leave the mode. It wraps
 * on a narrow screen.
 */
export function ContactSelectionBar({
  count,
  shownCount,
  allShownSelected,
  onToggleAll,
  onAdd,
  filterGroupName,
  onRemove,
  onDone,
}: ContactSelectionBarProps) {
  const t = useTranslations("groups");
  return (
    <section
      aria-label={t("selectionBar")}
      data-testid="selection-bar"
      className="sticky bottom-2 z-10 flex flex-wrap items-center gap-2 rounded-lg border bg-background/95 p-3 shadow-lg backdrop-blur"
    >
      <p className="mr-auto min-w-0 font-medium" role="status" data-testid="selection-count">
        {t("selectedCount", { count })}
      </p>
      <Button
        id={SELECT_ALL_ID}
        type="button"
        size="sm"
        variant="outline"
        onClick={onToggleAll}
        disabled={shownCount === 0}
      >
        {allShownSelected && shownCount > 0 ? t("deselectAll") : t("selectAll", { count: shownCount })}
      </Button>
      <Button type="button" size="sm" onClick={onAdd} disabled={count === 0}>
        <FolderPlus aria-hidden /> {t("addToGroup")}
      </Button>
      {filterGroupName !== null ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          // A group's name may be long: the label wraps rather than push the bar past the window.
          className="h-auto min-h-9 max-w-full py-1.5 text-left whitespace-normal wrap-break-word"
          onClick={onRemove}
          disabled={count === 0}
        >
          <FolderMinus aria-hidden /> {t("removeFromGroup", { name: filterGroupName })}
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        {t("done")}
      </Button>
    </section>
  );
}
