"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";

interface CheckoutRedirectProps {
  plan: string | null;
  frequency: string | null;
  packageIndex: string | null;
  /** Members beyond the plan's own (`?seats=`), when any. */
  seats?: string | null;
}

const REDIRECT_DELAY_MS = 2000;

/** A failed request reads 'status: body text' (or the status text), as elsewhere in the app. */
async function requestError(response: Response): Promise<string> {
  const text = await response.text();
  let message = text;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string") message = parsed.message;
  } catch {
    // Not JSON: the body text as it is.
  }
  return `${response.status}: ${message || response.statusText}`;
}

/** /checkout: asks for a Stripe Checkout session and sends the browser to it. */
export function CheckoutRedirect({ plan, frequency, packageIndex, seats = null }: CheckoutRedirectProps) {
  const t = useTranslations("checkout");
  const router = useRouter();
  const started = useRef(false);
  const [failed, setFailed] = useState<string | null>(plan ? null : t("noPlanSelected"));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      setFailed(message);
      toast.error(t("errorTitle"), { description: message });
      // Long enough to read the message here; the toast stays up on /pricing.
      window.setTimeout(() => router.replace("/pricing"), REDIRECT_DELAY_MS);
    };
    if (!plan) {
      fail(t("noPlanSelected"));
      return;
    }
    const body: Record<string, unknown> = { planType: plan, paymentFrequency: frequency ?? "monthly" };
    if (packageIndex !== null) body.creditPackageIndex = packageIndex;
    if (seats !== null) body.extraSeats = seats;
    fetch("/api/create-checkout-session", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
      .then(async (response) => {
        if (!response.ok) return fail(await requestError(response));
        const { url } = (await response.json()) as { url?: string };
        if (!url) return fail(t("noUrl"));
        window.location.assign(url);
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  }, [plan, frequency, packageIndex, seats, router, t]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      {failed ? (
        <p role="alert" className="text-destructive font-medium">
          {failed}
        </p>
      ) : (
        <>
          <div
            aria-hidden
            className="border-primary size-8 animate-spin rounded-full border-4 border-t-transparent"
          />
          <p role="status" className="text-muted-foreground">
            {t("loading")}
          </p>
        </>
      )}
    </div>
  );
}
