import { Check } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { CREDIT_PACKAGES, PRICE_PER_REMINDER_CENTS } from "@/config/plans";
import { formatMoney } from "@/lib/plans/format-money";
import { creditCheckoutHref } from "@/lib/plans/pricing-action";
import { PlanCallItem } from "./plan-call-item";
import { PlanMediaItems } from "./plan-media-items";

/** Pay-as-you-go: credit packages with their bonus and reminder count. */
export async function PaygCard({
  signedIn,
  canBuy = true,
  paymentsAvailable,
}: {
  signedIn: boolean;
  /** False for a member who is not the workspace's owner: only the owner buys credits. */
  canBuy?: boolean;
  paymentsAvailable: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations("plans"), getLocale()]);
  // A signed-in viewer who cannot pay here (no payments, or not the owner) is told so once, under the packages.
  const unavailable = signedIn && (!paymentsAvailable || !canBuy);
  return (
    <section aria-labelledby="payg" className="mt-12 rounded-xl border bg-card p-6" data-testid="payg-card">
      <h2 id="payg" className="text-2xl font-semibold">
        {t("names.payg")}
      </h2>
      <p className="mt-1 text-muted-foreground">
        {t("pricePerReminder", { price: formatMoney(PRICE_PER_REMINDER_CENTS, locale) })}
      </p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {(["creditsNeverExpire", "autoRecharge"] as const).map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 text-primary" aria-hidden />
            {t(`features.${feature}`)}
          </li>
        ))}
        <PlanMediaItems planType="payg" iconClassName="mt-0.5 size-4 text-primary" />
        <PlanCallItem planType="payg" iconClassName="mt-0.5 size-4 text-primary" />
      </ul>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CREDIT_PACKAGES.map((pack, index) => (
          <li
            key={pack.amountCents}
            className="flex flex-col rounded-lg border p-4"
            data-testid={`credit-package-${index}`}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-2xl font-bold">
                {formatMoney(pack.amountCents, locale, { whole: true })}
              </span>
              {pack.bonus > 0 && <Badge variant="secondary">{t("bonus", { count: pack.bonus })}</Badge>}
            </div>
            <p className="mt-2 flex-1 text-sm text-muted-foreground">
              {t("packageReminders", { count: pack.reminders })}
            </p>
            {unavailable ? (
              <span
                className={buttonVariants({
                  variant: "outline",
                  size: "sm",
                  className: "mt-4 cursor-not-allowed opacity-60",
                })}
                aria-disabled="true"
                aria-describedby="payg-unavailable"
              >
                {t("actions.buyCredits")}
              </span>
            ) : (
              <a
                href={signedIn ? creditCheckoutHref(index) : "/"}
                className={buttonVariants({ variant: "outline", size: "sm", className: "mt-4" })}
              >
                {t("actions.buyCredits")}
              </a>
            )}
          </li>
        ))}
      </ul>
      {unavailable && (
        <p id="payg-unavailable" role="note" className="mt-4 text-sm text-muted-foreground">
          {t(canBuy ? "paymentsUnavailable" : "ownerOnly")}
        </p>
      )}
    </section>
  );
}
