"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "./button";

/** 'Load more' for the next page of a list: says it is loading while it does. */
export function LoadMoreButton({
  loading,
  onClick,
  size,
}: {
  loading: boolean;
  onClick: () => void;
  size?: "sm";
}) {
  const t = useTranslations("common");
  return (
    <div className="flex justify-center">
      <Button variant="outline" size={size} onClick={onClick} disabled={loading}>
        {loading ? t("loading") : t("loadMore")}
      </Button>
    </div>
  );
}

/** What a keyset-paged list needs to show (`useKeysetPages`). */
interface PagedItems<T> {
  items: T[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * A list read page by page: `empty` when there is nothing, else the items (each rendered by
 * `children`, keyed by it), a line when the next page failed, and 'Load more' while there is one.
 * The screens that page (Reminders, Activity, the team's trail) share it so they behave alike.
 */
export function LoadMoreList<T>({
  pages,
  empty,
  label,
  className,
  children,
}: {
  pages: PagedItems<T>;
  empty: ReactNode;
  label?: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  const t = useTranslations("common");
  if (pages.items.length === 0 && !pages.loading) {
    return <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">{empty}</p>;
  }
  return (
    <div className="space-y-4">
      <ul className={className} aria-label={label} aria-busy={pages.loading}>
        {pages.items.map(children)}
      </ul>
      {pages.failed && (
        <p role="alert" className="text-center text-sm text-destructive">
          {t("loadFailed")}
        </p>
      )}
      {pages.hasMore && <LoadMoreButton loading={pages.loading} onClick={pages.loadMore} />}
    </div>
  );
}
