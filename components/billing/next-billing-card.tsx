import { useFormatter, useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { PLANS, SEAT_PRICES } from "@/config/plans";
import type { PaymentFrequency, PlanType } from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/plans/format-money";
import type { Workspace } from "@/db/schema";

export function NextBillingCard({ workspace, timeZone }: { workspace: Workspace; timeZone: string }) {
  const t = useTranslations("billing");
  const format = useFormatter();
  const locale = useLocale();
  const frequency = workspace.paymentFrequency as PaymentFrequency | null;
  const price = frequency ? PLANS[workspace.planType as PlanType].prices[frequency] : undefined;
  // The plan and the members bought beyond it, billed together for the same period.
  const amount = price && frequency ? price.priceCents + SEAT_PRICES[frequency] * workspace.extraSeats : 0;
  const date = (value: Date) => format.dateTime(value, { dateStyle: "medium", timeZone });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("nextBilling")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {workspace.nextBillingDate && price ? (
          <dl className="grid grid-cols-2 gap-2">
            <dt className="text-muted-foreground">{t("amount")}</dt>
            <dd data-testid="next-amount">{formatMoney(amount, locale)}</dd>
            <dt className="text-muted-foreground">{t("billingPeriodLabel")}</dt>
            <dd>{t(`frequencies.${frequency ?? "monthly"}`)}</dd>
            <dt className="text-muted-foreground">{t("nextBillingDate")}</dt>
            <dd>{date(workspace.nextBillingDate)}</dd>
          </dl>
        ) : (
          <p data-testid="no-upcoming-charge">{t("noUpcomingCharge")}</p>
        )}
        {workspace.billingPeriodStart && workspace.billingPeriodEnd && (
          <p className="text-muted-foreground">
            {t("currentPeriod", {
              start: date(workspace.billingPeriodStart),
              end: date(workspace.billingPeriodEnd),
            })}
          </p>
        )}
        {workspace.planType === "payg" && (
          <Button asChild size="sm">
            <Link href="/pricing">{t("buyCredits")}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
