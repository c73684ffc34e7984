"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { LoadMoreButton } from "@/components/ui/load-more-list";
import { apiResult, type ApiResult } from "@/lib/api-client/request";
import { formatCivilDay } from "@/lib/reminders/format-in-zone";
import { MemberOutcomeItem, type MemberOutcome } from "./member-outcome-item";

const TOTALS = ["sent", "delivered", "failed", "confirmed", "played", "pending"] as const;
type Totals = Record<(typeof TOTALS)[number], number>;

/**
 * A page of GET /api/reminders/{id}/members (lib/reminders/list-group-members.ts): members in
 * name order, and the totals over every member of the latest occurrence.
 */
interface MembersPage {
  /** That occurrence's local date (YYYY-MM-DD); null before the first. */
  occurrence: string | null;
  members: MemberOutcome[];
  totals: Totals;
  nextCursor: string | null;
}

/** The members' pages, 'Load more' following the answer's `nextCursor`. */
function useMemberPages(reminderId: string) {
  const url = `/api/reminders/${encodeURIComponent(reminderId)}/members`;
  const [members, setMembers] = useState<MemberOutcome[]>([]);
  const [head, setHead] = useState<Omit<MembersPage, "members" | "nextCursor"> | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const apply = useCallback((from: string | null, result: ApiResult<MembersPage> | null) => {
    setLoading(false);
    setFailed(!result?.ok);
    if (!result?.ok) return;
    const { members: page, nextCursor, ...rest } = result.data;
    setMembers((previous) => (from ? [...previous, ...page] : page));
    setHead(rest);
    setCursor(nextCursor);
  }, []);
  const request = useCallback(
    (from: string | null) =>
      apiResult<MembersPage>("GET", from ? `${url}?cursor=${encodeURIComponent(from)}` : url).catch(
        () => null,
      ),
    [url],
  );
  // Loading starts true for the first page; 'Load more' sets it before the next.
  useEffect(() => {
    let live = true;
    void request(null).then((result) => {
      if (live) apply(null, result);
    });
    return () => {
      live = false;
    };
  }, [request, apply]);
  const loadMore = () => {
    setLoading(true);
    void request(cursor).then((result) => apply(cursor, result));
  };
  return { members, head, loading, failed, hasMore: cursor !== null, loadMore };
}

/**
 * A group reminder's History: the totals of its latest occurrence (sent, delivered, failed,
 * confirmed, played, pending), then each member with every channel tried, paged. Headings
 * and lists, so that a screen reader can jump from member to member.
 */
export function GroupHistoryList({ reminderId, timeZone }: { reminderId: string; timeZone: string }) {
  const t = useTranslations("deliveryLog");
  const g = useTranslations("groupReminders.history");
  const locale = useLocale();
  const pages = useMemberPages(reminderId);
  if (pages.failed && pages.members.length === 0) return <p role="alert">{t("loadError")}</p>;
  if (!pages.head) return <p className="text-sm text-muted-foreground">{t("loading")}</p>;
  const { totals, occurrence } = pages.head;
  return (
    <div className="space-y-4">
      <section aria-labelledby="group-totals-heading" className="space-y-2">
        <h3 id="group-totals-heading" className="text-sm font-medium">
          {occurrence
            ? g("occurrence", { date: formatCivilDay(occurrence, "fullDate", locale) })
            : g("totalsLabel")}
        </h3>
        <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6" data-testid="group-totals">
          {TOTALS.map((key) => (
            <div key={key} className="rounded-md border p-2 text-center" data-total={key}>
              <dt className="text-xs text-muted-foreground">{g(`totals.${key}`)}</dt>
              <dd className="text-lg font-semibold tabular-nums">{totals[key] ?? 0}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="group-members-heading" className="space-y-2">
        <h3 id="group-members-heading" className="text-sm font-medium">
          {g("membersHeading")}
        </h3>
        {pages.members.length === 0 ? (
          <p className="text-sm text-muted-foreground">{g("empty")}</p>
        ) : (
          <ul className="space-y-2" aria-busy={pages.loading}>
            {pages.members.map((member) => (
              <MemberOutcomeItem key={member.contactId} member={member} timeZone={timeZone} />
            ))}
          </ul>
        )}
        {pages.hasMore && <LoadMoreButton size="sm" loading={pages.loading} onClick={pages.loadMore} />}
      </section>
    </div>
  );
}
