import { useFormatter, useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { PLANS, PRICE_PER_REMINDER_CENTS } from "@/config/plans";
import { formatMoney } from "@/lib/plans/format-money";
import type { PlanType } from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { trialDaysLeft } from "@/lib/billing/trial-days-left";
import type { Workspace } from "@/db/schema";
import { StatusBadge } from "./status-badge";

/** The workspace's plan: status, trial countdown, next billing date and limits, dates in the reader's zone. */
export function CurrentPlanCard({
  workspace,
  timeZone,
  now,
}: {
  workspace: Workspace;
  timeZone: string;
  now: Date;
}) {
  const t = useTranslations("billing");
  const tPlans = useTranslations("plans");
  const format = useFormatter();
  const locale = useLocale();
  const planType = workspace.planType as PlanType;
  const plan = PLANS[planType];
  const inTrial = workspace.subscriptionStatus === "trial";
  const days = trialDaysLeft(workspace.trialEndDate, now);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-lg">{t("currentPlan")}</CardTitle>
          <StatusBadge status={workspace.subscriptionStatus} />
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-2xl font-bold" data-testid="plan-name">
          {tPlans(`names.${planType}`)}
        </p>
        {inTrial && (
          <p data-testid="trial-countdown" className="text-sm">
            {days === 0 ? tPlans("trialEnded") : tPlans("trialDaysLeft", { count: days })}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">{t("nextBillingDate")}</dt>
          <dd data-testid="next-billing-date">
            {workspace.nextBillingDate
              ? format.dateTime(workspace.nextBillingDate, { dateStyle: "medium", timeZone })
              : t("notScheduled")}
          </dd>
          <dt className="text-muted-foreground">{t("contactsLimitLabel")}</dt>
          <dd data-testid="contacts-limit">{format.number(plan.contactsLimit)}</dd>
          <dt className="text-muted-foreground">{t("remindersLimitLabel")}</dt>
          <dd data-testid="reminders-limit">
            {plan.remindersLimit === null
              ? t("remindersPayg", { price: formatMoney(PRICE_PER_REMINDER_CENTS, locale) })
              : t("remindersPerMonth", { count: workspace.remindersQuota })}
          </dd>
          <dt className="text-muted-foreground">{t("callsLimitLabel")}</dt>
          <dd data-testid="calls-limit">
            {plan.callsPerDay > 0
              ? tPlans("calls.perDay", { count: plan.callsPerDay })
              : tPlans("calls.none")}
          </dd>
        </dl>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline">
          <Link href="/pricing">{t("changePlan")}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
