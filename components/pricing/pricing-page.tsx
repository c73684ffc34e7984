import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { FREQUENCY_BADGES, PRICING_FREQUENCIES, PRICING_PLANS, TRIAL_DAYS } from "@/config/plans";
import type { PricingViewer } from "@/lib/plans/pricing-action";
import { CallCostRule } from "./call-cost-rule";
import { PaygCard } from "./payg-card";
import { PlanCard } from "./plan-card";

/**
 * `/pricing`: period tabs, five plan cards, pay-as-you-go, footnotes. Without a way to pay
 * (`paymentsAvailable` false), a signed-in viewer's purchase buttons say so instead of leading
 * to a checkout that cannot open.
 */
export async function PricingPage({
  viewer,
  paymentsAvailable,
}: {
  viewer: PricingViewer | null;
  paymentsAvailable: boolean;
}) {
  const t = await getTranslations("plans");
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="text-center">
        <h1 className="text-4xl font-bold tracking-tight">{t("pricingTitle")}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{t("pricingSubtitle")}</p>
      </div>
      <Tabs defaultValue="monthly" className="mt-10 items-center">
        <TabsList className="h-auto flex-wrap" aria-label={t("billingPeriod")}>
          {PRICING_FREQUENCIES.map((frequency) => {
            const badge = FREQUENCY_BADGES[frequency];
            return (
              <TabsTrigger key={frequency} value={frequency} className="px-3 py-1.5">
                {t(`frequency.${frequency}`)}
                {badge && (
                  <Badge variant="secondary" className="ml-1">
                    {t(`badge.${badge}`)}
                  </Badge>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {PRICING_FREQUENCIES.map((frequency) => (
          <TabsContent key={frequency} value={frequency} className="mt-8 w-full">
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-5">
              {PRICING_PLANS.map((planType) => (
                <PlanCard
                  key={planType}
                  planType={planType}
                  frequency={frequency}
                  viewer={viewer}
                  paymentsAvailable={paymentsAvailable}
                />
              ))}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
      <PaygCard
        signedIn={viewer !== null}
        canBuy={viewer?.canBuy !== false}
        paymentsAvailable={paymentsAvailable}
      />
      <CallCostRule className="mt-10 text-center text-sm text-muted-foreground" />
      <ul
        className="mt-4 space-y-1 text-center text-sm text-muted-foreground"
        data-testid="pricing-footnotes"
      >
        <li>{t("footnotes.trial", { days: TRIAL_DAYS })}</li>
        <li>{t("footnotes.noCard")}</li>
        <li>{t("footnotes.usd")}</li>
        <li>{t("footnotes.renewal")}</li>
      </ul>
    </div>
  );
}
