"use client";

import { History } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DeliveryHistoryDialog } from "./delivery-history-dialog";

/** 'History' on a reminder: opens its deliveries. */
export function HistoryButton({
  reminderId,
  contactName,
  timeZone,
}: {
  reminderId: string;
  contactName: string;
  timeZone: string;
}) {
  const t = useTranslations("deliveryLog");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <History aria-hidden="true" />
        {t("history")}
      </Button>
      <DeliveryHistoryDialog
        reminderId={reminderId}
        contactName={contactName}
        timeZone={timeZone}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
