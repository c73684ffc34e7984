"use client";

import { useTranslations } from "next-intl";
import { LoadMoreButton } from "@/components/ui/load-more-list";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { AuthorshipLines } from "@/components/trail/authorship-lines";
import type { Authorship } from "@/lib/users/authorship";
import { DeliveryEntryItem } from "./delivery-entry-item";
import { GroupHistoryList } from "./group-history-list";
import type { HistoryEntry } from "@/lib/activity/with-replies";
import { useKeysetPages } from "@/lib/api-client/use-keyset-pages";

function HistoryList({ reminderId, timeZone }: { reminderId: string; timeZone: string }) {
  const t = useTranslations("deliveryLog");
  const pages = useKeysetPages<HistoryEntry>(`/api/reminders/${encodeURIComponent(reminderId)}/deliveries`);
  if (pages.failed && pages.items.length === 0) return <p role="alert">{t("loadError")}</p>;
  if (pages.items.length === 0) {
    return <p className="text-sm text-muted-foreground">{pages.loading ? t("loading") : t("empty")}</p>;
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-2" aria-busy={pages.loading}>
        {pages.items.map((entry) => (
          <DeliveryEntryItem key={entry.id} entry={entry} timeZone={timeZone} />
        ))}
      </ul>
      {pages.hasMore && <LoadMoreButton size="sm" loading={pages.loading} onClick={pages.loadMore} />}
    </div>
  );
}

/**
 * A reminder's deliveries, newest occurrence first, paged (GET /api/reminders/{id}/deliveries);
 * a group reminder's, member by member (GET /api/reminders/{id}/members).
 */
export function DeliveryHistoryDialog({
  reminderId,
  contactName,
  timeZone,
  group = false,
  authorship,
  open,
  onOpenChange,
}: {
  reminderId: string;
  /** The contact's name, or the group's. */
  contactName: string;
  timeZone: string;
  /** A group reminder: its members' outcomes. */
  group?: boolean;
  authorship?: Authorship | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("deliveryLog");
  const g = useTranslations("groupReminders.history");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("historyFor", { name: contactName })}</DialogTitle>
          <DialogDescription>{group ? g("description") : t("historyDescription")}</DialogDescription>
          <AuthorshipLines authorship={authorship} />
        </DialogHeader>
        {open &&
          (group ? (
            <GroupHistoryList reminderId={reminderId} timeZone={timeZone} />
          ) : (
            <HistoryList reminderId={reminderId} timeZone={timeZone} />
          ))}
      </DialogContent>
    </Dialog>
  );
}
