"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { DeliveryMethod } from "@/db/schema/enums";
import { apiResult } from "@/lib/api-client/request";
import type { GroupReach } from "@/lib/groups/group-reach";

/** The reach of `groupId` by `channels`, read again whenever the group or the chain changes. */
function useGroupReach(groupId: string, channels: readonly DeliveryMethod[]) {
  const query = channels.join(",");
  const [reach, setReach] = useState<{ key: string; value: GroupReach | null } | null>(null);
  const key = `${groupId}?${query}`;
  useEffect(() => {
    let live = true;
    const url = `/api/groups/${encodeURIComponent(groupId)}/reach?${new URLSearchParams({ channels: query })}`;
    apiResult<GroupReach>("GET", url)
      .then((result) => {
        if (live) setReach({ key, value: result.ok ? result.data : null });
      })
      .catch(() => {
        if (live) setReach({ key, value: null });
      });
    return () => {
      live = false;
    };
  }, [groupId, query, key]);
  // The last answer stays on screen while the next one loads.
  return {
    reach: reach?.value ?? null,
    loading: reach?.key !== key,
    failed: reach?.key === key && !reach.value,
  };
}

/**
 * "40 messages per occurrence" for the chosen group and chain, before saving, and the members
 * no channel of the chain reaches, by name and reason, in a list that opens on demand.
 */
export function GroupReachLine({
  groupId,
  channels,
}: {
  groupId: string;
  channels: readonly DeliveryMethod[];
}) {
  const t = useTranslations("groupReminders");
  const { reach, loading, failed } = useGroupReach(groupId, channels);
  let line: React.ReactNode;
  if (failed) line = t("reach.failed");
  else if (!reach) line = t("reach.loading");
  else if (reach.memberCount === 0)
    line = (
      <>
        {t("reach.empty")}{" "}
        <Link href="/contacts" className="font-medium text-primary underline underline-offset-4">
          {t("reach.addMembers")}
        </Link>
      </>
    );
  else line = t("reach.messages", { count: reach.messagesPerOccurrence });
  return (
    <div className="grid gap-1 text-sm" data-testid="group-reach">
      <p role="status" aria-busy={loading} className="font-medium" data-testid="group-reach-line">
        {line}
      </p>
      {reach && reach.skippedCount > 0 && (
        <details className="text-muted-foreground" data-testid="group-skipped">
          <summary className="cursor-pointer">{t("reach.skipped", { count: reach.skippedCount })}</summary>
          <ul className="mt-1 grid list-disc gap-0.5 pl-5">
            {reach.skipped.map((member) => (
              <li key={member.contactId}>{t(`reach.reasons.${member.reason}`, { name: member.name })}</li>
            ))}
            {reach.skippedCount > reach.skipped.length && (
              <li>{t("reach.more", { count: reach.skippedCount - reach.skipped.length })}</li>
            )}
          </ul>
        </details>
      )}
    </div>
  );
}
