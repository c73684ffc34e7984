import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { SEAT_PRICES } from "@/config/plans";
import type { Workspace } from "@/db/schema";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/plans/format-money";
import { getPlan } from "@/lib/plans/get-plan";
import type { PaymentsState } from "@/lib/payments/payments-state";
import { AddSeatsForm } from "./add-seats-form";
import { ChangeSeatsButton } from "./change-seats-button";

/** Subscriptions members can be added to: running (in Stripe's trial or paid). */
const LIVE = new Set(["trial", "active"]);

interface SeatsUsage {
  /** Members and open invitations. */
  used: number;
  members: number;
  limit: number;
}

/**
 * Members against the workspace's seats ("Members: 2 of 3"), and the way to more: on a plan
 * with a running subscription, 'Add seats' (a seat item on the subscription) or, once it has
 * one and Stripe takes payments, 'Change seats' in Stripe's portal; otherwise the plans.
 */
export async function SeatsCard({
  workspace,
  seats,
  payments,
  locale,
}: {
  workspace: Workspace;
  seats: SeatsUsage;
  payments: PaymentsState;
  locale: string;
}) {
  const t = await getTranslations("billing.seats");
  const plan = getPlan(workspace.planType);
  const subscribed = Boolean(workspace.stripeSubscriptionId) && LIVE.has(workspace.subscriptionStatus);
  const invitations = seats.used - seats.members;
  const plansLink = (
    <Link href="/pricing" className="font-medium underline underline-offset-4">
      {t("choosePlan")}
    </Link>
  );
  let action: React.ReactNode;
  if (!plan.extraSeats)
    action = (
      <p>
        {t("notInPlan", { count: plan.seats })} {plansLink}
      </p>
    );
  else if (!subscribed || payments === "unavailable")
    action = (
      <p>
        {t("noSubscription")} {plansLink}
      </p>
    );
  else if (payments === "stripe" && workspace.extraSeats > 0) action = <ChangeSeatsButton />;
  else action = <AddSeatsForm priceNote={t("price", { price: formatMoney(SEAT_PRICES.monthly, locale) })} />;
  return (
    <Card data-testid="seats-card">
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-base font-semibold" data-testid="seats-used">
          {t("used", { used: seats.used, limit: seats.limit })}
        </p>
        <p className="text-muted-foreground">
          {t("breakdown", { included: plan.seats, extra: workspace.extraSeats })}
        </p>
        {invitations > 0 && (
          <p className="text-muted-foreground">{t("invitations", { count: invitations })}</p>
        )}
        {seats.used >= seats.limit && (
          <p role="status" className="font-medium">
            {t("full")}
          </p>
        )}
        {action}
      </CardContent>
    </Card>
  );
}
