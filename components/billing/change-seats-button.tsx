"use client";

import { useTransition } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { openBillingPortal } from "@/lib/actions/open-billing-portal";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/** 'Change seats': the payment provider's page for the subscription, where the quantity changes. */
export function ChangeSeatsButton() {
  const t = useTranslations("billing.seats");
  const tBilling = useTranslations("billing");
  const errorText = useApiErrorText();
  const [pending, startTransition] = useTransition();
  const open = () =>
    startTransition(async () => {
      const result = await openBillingPortal({ seats: true });
      if (result.ok) window.location.assign(result.data.url);
      else toast.error(tBilling("portalError"), { description: errorText(result) });
    });
  return (
    <div className="space-y-1">
      <Button variant="outline" onClick={open} disabled={pending} aria-describedby="change-seats-note">
        {t("change")}
      </Button>
      <p id="change-seats-note" className="text-muted-foreground">
        {t("portalNote")}
      </p>
    </div>
  );
}
