"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { UPGRADE_ORDER } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** The plan after `planType` in SPEC's upgrade order, or null at the top (and for payg). */
function nextPlan(planType: PlanType): PlanType | null {
  const index = UPGRADE_ORDER.indexOf(planType);
  return index >= 0 && index < UPGRADE_ORDER.length - 1 ? UPGRADE_ORDER[index + 1] : null;
}

/** SPEC's upgrade dialog (temporary copy with the shared API; the contacts area owns it). */
export function UpgradeDialog({
  open,
  onOpenChange,
  limit,
  planType,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  limit: "contacts" | "reminders";
  planType: PlanType;
}) {
  const t = useTranslations("reminders.upgrade");
  const plans = useTranslations("reminders.plans");
  const next = nextPlan(planType);
  const plan = plans(planType);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("close")}>
        <DialogHeader>
          <DialogTitle>{limit === "contacts" ? t("contactsTitle") : t("remindersTitle")}</DialogTitle>
          <DialogDescription>
            {limit === "contacts" ? t("contactsMessage", { plan }) : t("remindersMessage", { plan })}
            {next ? ` ${t("keepGrowing")}` : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("notNow")}
          </Button>
          <Button asChild>
            <Link href="/pricing">{next ? t("upgradeTo", { plan: plans(next) }) : t("viewPlans")}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
