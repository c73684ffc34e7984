import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/plans/format-money";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { DashboardData, UsageLevel } from "@/lib/dashboard/get-dashboard-data";
import { cn } from "@/lib/utils";

const BAR: Record<UsageLevel, string> = { ok: "bg-primary", warning: "bg-amber-500", limit: "bg-red-600" };

function UsageBar({
  used,
  limit,
  level,
  label,
}: {
  used: number;
  limit: number;
  level: UsageLevel;
  label: string;
}) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <div
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={used}
    >
      <div className={cn("h-full", BAR[level])} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The usage panel: reminders (80 % warning, 100 % limit), contacts, payg balance, trial days. */
export async function UsagePanel({ data }: { data: DashboardData }) {
  const [t, plans, locale] = await Promise.all([
    getTranslations("dashboard"),
    getTranslations("plans"),
    getLocale(),
  ]);
  const { usage } = data;
  const percentOf = (used: number, limit: number) => (limit > 0 ? Math.floor((used / limit) * 100) : 100);
  return (
    <Card data-testid="usage-panel">
      <CardHeader>
        <CardTitle className="text-lg">{t("usageTitle")}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {t("plan", { plan: plans(`names.${data.planType}`) })}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {usage.trialDaysLeft !== null && (
          <p className="text-sm font-medium">
            {usage.trialDaysLeft === 0
              ? plans("trialEnded")
              : plans("trialDaysLeft", { count: usage.trialDaysLeft })}
          </p>
        )}
        {usage.reminders && (
          <div className="space-y-2">
            <p className="text-sm">
              {t("remindersUsage", { used: usage.reminders.used, quota: usage.reminders.quota })}
            </p>
            <UsageBar {...usage.reminders} limit={usage.reminders.quota} label={t("usageTitle")} />
            {usage.reminders.level === "warning" && (
              <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
                {t("usageWarning", { percent: percentOf(usage.reminders.used, usage.reminders.quota) })}
              </p>
            )}
            {usage.reminders.level === "limit" && (
              <div role="status" className="space-y-1 text-sm text-red-700 dark:text-red-300">
                <p className="font-medium">{t("usageLimit")}</p>
                <p>{t("usageLimitDescription")}</p>
              </div>
            )}
            {usage.pastQuota && (
              <div className="space-y-1 text-sm" data-testid="credits-past-quota">
                <p>{t("pastQuotaSent", { count: usage.pastQuota.sent })}</p>
                <p className="text-muted-foreground">
                  {t("pastQuotaBalance", { amount: formatMoney(usage.pastQuota.creditBalanceCents, locale) })}
                </p>
              </div>
            )}
          </div>
        )}
        <div className="space-y-2">
          <p className="text-sm">
            {t("contactsUsage", { used: usage.contacts.used, limit: usage.contacts.limit })}
          </p>
          <UsageBar {...usage.contacts} label={t("totalContacts")} />
          {usage.contacts.level === "warning" && (
            <p className="text-sm text-amber-800 dark:text-amber-200">
              {t("contactsWarning", { percent: percentOf(usage.contacts.used, usage.contacts.limit) })}
            </p>
          )}
          {usage.contacts.level === "limit" && (
            <p className="text-sm font-medium text-red-700 dark:text-red-300">{t("contactsLimit")}</p>
          )}
        </div>
        {usage.creditBalanceCents !== null && (
          <div className="space-y-1">
            <p className="text-sm">
              {t("creditBalanceLine", { amount: formatMoney(usage.creditBalanceCents, locale) })}
            </p>
            {usage.lowBalance && (
              <div role="status" className="text-sm text-amber-800 dark:text-amber-200">
                <p className="font-medium">{t("lowBalance")}</p>
                <p>{t("lowBalanceDescription")}</p>
              </div>
            )}
          </div>
        )}
        {(usage.reminders?.level !== "ok" || usage.lowBalance || usage.trialDaysLeft === 0) && (
          <Button asChild size="sm">
            <Link href="/pricing">{t("upgrade")}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
