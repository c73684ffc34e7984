"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/lib/plans/format-money";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import type { ShellSummary } from "@/lib/dashboard/get-shell-summary";

export type SidebarUsageProps = ShellSummary;

/** Sidebar footer: plan, contacts used/limit, reminder usage or payg credit. */
export function SidebarUsage(summary: SidebarUsageProps) {
  const t = useTranslations("shell");
  const tPlans = useTranslations("plans");
  const locale = useLocale();
  const router = useRouter();
  // Sends happen in the background: coming back to the tab re-reads the layout's counts.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") router.refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [router]);
  const percent =
    summary.remindersQuota > 0 ? Math.min(100, (summary.remindersUsed / summary.remindersQuota) * 100) : 100;
  return (
    <div className="border-t border-sidebar-border p-3 text-sm" data-testid="sidebar-usage">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{tPlans(`names.${summary.planType}`)}</span>
        <Badge variant="secondary" title={t("contactsBadgeTitle")}>
          {t("contactsBadge", { used: summary.contactsUsed, limit: summary.contactsLimit })}
        </Badge>
      </div>
      {summary.planType !== "payg" && (
        <div className="mt-3">
          <Progress
            value={percent}
            aria-label={t("remindersUsage", { used: summary.remindersUsed, quota: summary.remindersQuota })}
          />
          <p className="mt-1 text-xs text-muted-foreground">
            {t("remindersUsage", { used: summary.remindersUsed, quota: summary.remindersQuota })}
          </p>
        </div>
      )}
      {summary.creditBalanceCents !== null && (
        <p className="mt-3 text-xs text-muted-foreground" data-testid="sidebar-credit">
          {t("creditBalance", {
            amount: formatMoney(summary.creditBalanceCents, locale),
          })}
        </p>
      )}
    </div>
  );
}
