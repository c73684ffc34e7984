import { useFormatter, useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { PLANS } from "@/config/plans";
import type { PaymentFrequency, PlanType } from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/plans/format-money";
import type { User } from "@/db/schema";

export function NextBillingCard({ user }: { user: User }) {
  const t = useTranslations("billing");
  const format = useFormatter();
  const locale = useLocale();
  const frequency = user.paymentFrequency as PaymentFrequency | null;
  const price = frequency ? PLANS[user.planType as PlanType].prices[frequency] : undefined;
  const date = (value: Date) => format.dateTime(value, { dateStyle: "medium", timeZone: user.timezone });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("nextBilling")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {user.nextBillingDate && price ? (
          <dl className="grid grid-cols-2 gap-2">
            <dt className="text-muted-foreground">{t("amount")}</dt>
            <dd data-testid="next-amount">{formatMoney(price.priceCents, locale)}</dd>
            <dt className="text-muted-foreground">{t("billingPeriodLabel")}</dt>
            <dd>{t(`frequencies.${frequency ?? "monthly"}`)}</dd>
            <dt className="text-muted-foreground">{t("nextBillingDate")}</dt>
            <dd>{date(user.nextBillingDate)}</dd>
          </dl>
        ) : (
          <p data-testid="no-upcoming-charge">{t("noUpcomingCharge")}</p>
        )}
        {user.billingPeriodStart && user.billingPeriodEnd && (
          <p className="text-muted-foreground">
            {t("currentPeriod", { start: date(user.billingPeriodStart), end: date(user.billingPeriodEnd) })}
          </p>
        )}
        {user.planType === "payg" && (
          <Button asChild size="sm">
            <Link href="/pricing">{t("buyCredits")}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
