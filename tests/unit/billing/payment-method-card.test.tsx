import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { PaymentMethodCard } from "@/components/billing/payment-method-card";
import type { PaymentsState } from "@/lib/payments/payments-state";
import en from "@/messages/en.json";

const render = (payments: PaymentsState) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <PaymentMethodCard card={null} payments={payments} />
    </NextIntlClientProvider>,
  );

describe("the billing page's payment method card", () => {
  it("without payments says so, and its button is off and points at the reason", () => {
    const html = render("unavailable");
    expect(html).toContain(en.billing.paymentsUnavailable);
    expect(html).not.toContain(en.billing.demoMode);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="payment-method-unavailable"/);
  });

  it("with the demo checkout says no card is needed; with Stripe the button works", () => {
    expect(render("demo")).toContain(en.billing.demoMode);
    const stripe = render("stripe");
    expect(stripe).not.toContain(en.billing.paymentsUnavailable);
    expect(stripe).not.toMatch(/<button[^>]*disabled=""/);
  });
});
