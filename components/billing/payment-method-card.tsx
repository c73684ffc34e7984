"use client";

import { useTransition } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { openBillingPortal } from "@/lib/actions/open-billing-portal";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { CardSummary } from "@/lib/billing/get-billing-overview";
import type { PaymentsState } from "@/lib/payments/payments-state";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/**
 * 'Update' and 'Add Payment Method' open Stripe's Billing Portal, which returns to /billing.
 * Without Stripe the button is off and the card says why: the demo checkout needs no card, and
 * a deployment without payments cannot take one.
 */
export function PaymentMethodCard({ card, payments }: { card: CardSummary | null; payments: PaymentsState }) {
  const stripeEnabled = payments === "stripe";
  const t = useTranslations("billing");
  const errorText = useApiErrorText();
  const [pending, startTransition] = useTransition();
  const open = () =>
    startTransition(async () => {
      const result = await openBillingPortal({});
      if (result.ok) window.location.assign(result.data.url);
      else toast.error(t("portalError"), { description: errorText(result) });
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("paymentMethod")}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {card ? (
          <div data-testid="saved-card">
            <p className="font-medium capitalize">
              {t("cardEnding", { brand: card.brand, last4: card.last4 })}
            </p>
            <p className="text-muted-foreground">
              {t("cardExpires", { month: String(card.expMonth).padStart(2, "0"), year: card.expYear })}
            </p>
          </div>
        ) : (
          <p>{t("noPaymentMethod")}</p>
        )}
        {payments === "demo" && <p className="text-muted-foreground mt-2">{t("demoMode")}</p>}
        {payments === "unavailable" && (
          <p className="text-muted-foreground mt-2" id="payment-method-unavailable">
            {t("paymentsUnavailable")}
          </p>
        )}
      </CardContent>
      <CardFooter>
        <Button
          variant="outline"
          onClick={open}
          disabled={pending || !stripeEnabled}
          aria-describedby={payments === "unavailable" ? "payment-method-unavailable" : undefined}
        >
          {card ? t("update") : t("addPaymentMethod")}
        </Button>
      </CardFooter>
    </Card>
  );
}
