"use client";

import { History } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Authorship } from "@/lib/users/authorship";
import { DeliveryHistoryDialog } from "./delivery-history-dialog";

/** 'History' on a reminder: opens its deliveries (a group reminder's: its members' outcomes). */
export function HistoryButton({
  reminderId,
  contactName,
  timeZone,
  group = false,
  authorship,
}: {
  reminderId: string;
  contactName: string;
  timeZone: string;
  group?: boolean;
  /** Who created the reminder and who changed it last, said under the dialog's title. */
  authorship?: Authorship | null;
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
        group={group}
        authorship={authorship}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
