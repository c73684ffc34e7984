import { useFormatter, useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { LOW_BALANCE_CENTS, PLANS, PRICE_PER_REMINDER_CENTS } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { formatMoney } from "@/lib/plans/format-money";
import { periodUsage } from "@/lib/plans/period-usage";
import { isLowBalance, usageLevel, usagePercent, type UsageLevel } from "@/lib/billing/usage-level";
import type { Workspace } from "@/db/schema";
import { cn } from "@/lib/utils";

// Colours the primitive's indicator through its data-slot, keeping components/ui/progress stock.
const BAR: Record<UsageLevel, string> = {
  ok: "",
  warning: "[&_[data-slot=progress-indicator]]:bg-orange-500",
  reached: "[&_[data-slot=progress-indicator]]:bg-red-600",
};

function Meter({
  label,
  used,
  limit,
  testId,
}: {
  label: string;
  used: number;
  limit: number;
  testId: string;
}) {
  const percent = Math.min(100, usagePercent(used, limit));
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span data-testid={testId}>
          {used}/{limit}
        </span>
      </div>
      <Progress value={percent} aria-label={label} className={BAR[usageLevel(used, limit)]} />
    </div>
  );
}

function Notice({ tone, title, children }: { tone: "warning" | "reached"; title: string; children: string }) {
  return (
    <div
      role="status"
      className={cn(
        "rounded-md border p-3 text-sm",
        tone === "warning"
          ? "border-orange-300 bg-orange-50 text-orange-900 dark:bg-orange-950 dark:text-orange-100"
          : "border-red-300 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
      )}
    >
      <p className="font-semibold">{title}</p>
      <p>{children}</p>
    </div>
  );
}

export type UsageCardWorkspace = Pick<
  Workspace,
  | "planType"
  | "paygCreditBalance"
  | "remindersQuota"
  | "remindersUsedCurrentPeriod"
  | "billingPeriodStart"
  | "billingPeriodEnd"
>;

export function UsageCard({
  workspace,
  contactsCount,
  timeZone,
}: {
  workspace: UsageCardWorkspace;
  contactsCount: number;
  /** The viewer's zone: the period's start is written in it. */
  timeZone: string;
}) {
  const t = useTranslations("billing");
  const locale = useLocale();
  const plan = PLANS[workspace.planType as PlanType];
  const format = useFormatter();
  const period = periodUsage(workspace);
  const contactLevel = usageLevel(contactsCount, plan.contactsLimit);
  const reminderLevel = period ? usageLevel(period.used, period.quota) : "ok";
  const notices: React.ReactNode[] = [];
  if (contactLevel === "reached") {
    notices.push(
      <Notice key="c" tone="reached" title={t("limitReached")}>
        {t("contactLimitReached")}
      </Notice>,
    );
  } else if (contactLevel === "warning") {
    notices.push(
      <Notice key="c" tone="warning" title={t("usageWarning")}>
        {t("contactWarning", { percent: usagePercent(contactsCount, plan.contactsLimit) })}
      </Notice>,
    );
  }
  if (reminderLevel === "reached") {
    notices.push(
      <Notice key="r" tone="reached" title={t("limitReached")}>
        {/* Bought credits carry sends past the quota (docs/billing.md, Credits). */}
        {workspace.paygCreditBalance >= PRICE_PER_REMINDER_CENTS
          ? t("reminderLimitReachedCredits", { balance: formatMoney(workspace.paygCreditBalance, locale) })
          : t("reminderLimitReached")}
      </Notice>,
    );
  } else if (period && reminderLevel === "warning") {
    notices.push(
      <Notice key="r" tone="warning" title={t("usageWarning")}>
        {t("reminderWarning", { percent: usagePercent(period.used, period.quota) })}
      </Notice>,
    );
  }
  if (!period && isLowBalance(workspace.paygCreditBalance)) {
    notices.push(
      <Notice key="b" tone="warning" title={t("lowBalance")}>
        {t("lowBalanceMessage", { amount: formatMoney(LOW_BALANCE_CENTS, locale) })}
      </Notice>,
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("usage")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Meter
          label={t("contacts")}
          used={contactsCount}
          limit={plan.contactsLimit}
          testId="contacts-usage"
        />
        {period ? (
          <div className="space-y-1">
            <Meter
              label={t("remindersThisMonth")}
              used={period.used}
              limit={period.quota}
              testId="reminders-usage"
            />
            {period.start && (
              // Usage starts again with each period, an upgrade's included: say when and why.
              <p className="text-xs text-muted-foreground" data-testid="period-usage-rule">
                {t("periodUsageRule", {
                  start: format.dateTime(period.start, { dateStyle: "medium", timeStyle: "short", timeZone }),
                })}
              </p>
            )}
          </div>
        ) : (
          <div className="flex justify-between text-sm">
            <span>{t("creditBalance")}</span>
            <span data-testid="credit-balance" className="font-semibold">
              {formatMoney(workspace.paygCreditBalance, locale)}
            </span>
          </div>
        )}
        {notices}
        {(contactLevel !== "ok" || reminderLevel !== "ok") && (
          <Link href="/pricing" className="text-primary text-sm font-medium underline underline-offset-4">
            {t("upgrade")}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
