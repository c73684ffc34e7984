"use client";

import { useSyncExternalStore, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { completeTestPayment } from "@/lib/actions/complete-test-payment";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { CheckoutInput } from "@/lib/validations/checkout";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

interface DemoCheckoutProps {
  input: CheckoutInput;
  line: string;
  /** The members bought beyond the plan's own, when any. */
  seatsLine?: string;
  total: string;
  trial: boolean;
}

const noSubscription = () => () => {};

/** The order and a 'Complete test payment' button: what Stripe Checkout would show, without a card. */
export function DemoCheckout({ input, line, seatsLine, total, trial }: DemoCheckoutProps) {
  const t = useTranslations("checkout");
  const errorText = useApiErrorText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // Server-rendered, the button would take a click before React can act on it: enabled once hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const pay = () =>
    startTransition(async () => {
      const result = await completeTestPayment(input);
      if (!result.ok) {
        toast.error(t("errorTitle"), { description: errorText(result) });
        return;
      }
      toast.success(t("completed"));
      router.push("/billing?checkout=success");
    });
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md items-center p-0 sm:p-6">
      <Card className="w-full">
        <CardHeader>
          <CardTitle>{t("demoTitle")}</CardTitle>
          <CardDescription>{t("demoDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <h2 className="text-muted-foreground text-sm font-medium">{t("order")}</h2>
          <p data-testid="demo-order" className="font-medium">
            {line}
          </p>
          {seatsLine && (
            <p data-testid="demo-seats" className="font-medium">
              {seatsLine}
            </p>
          )}
          {trial && <p className="text-sm text-blue-700 dark:text-blue-300">{t("trialNote")}</p>}
          <p className="flex justify-between border-t pt-2 font-semibold">
            <span>{t("total")}</span>
            <span data-testid="demo-total">{total}</span>
          </p>
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <Button onClick={pay} disabled={!hydrated || pending}>
            {t("completePayment")}
          </Button>
          <Button asChild variant="ghost">
            <Link href="/pricing">{t("cancel")}</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
