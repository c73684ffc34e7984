"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { PlanType } from "@/db/schema/enums";
import { nextPlanOf } from "@/lib/plans/next-plan-of";

export interface UpgradeDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  limit: "contacts" | "reminders";
  planType: PlanType;
}

/** The Upgrade dialog, shown instead of creating when a plan limit is reached. */
export function UpgradeDialog({ open, onOpenChange, limit, planType }: UpgradeDialogProps) {
  const t = useTranslations("upgrade");
  // Plan names have one source: the pricing catalogue's messages.
  const tPlans = useTranslations("plans");
  const next = nextPlanOf(planType);
  const plan = tPlans(`names.${planType}`);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="upgrade-dialog">
        <DialogHeader>
          <DialogTitle>{limit === "contacts" ? t("contactTitle") : t("reminderTitle")}</DialogTitle>
          <DialogDescription>
            {limit === "contacts" ? t("contactMessage", { plan }) : t("reminderMessage", { plan })}
            {next ? ` ${t("growMessage")}` : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("notNow")}
          </Button>
          <Button asChild>
            <Link href="/pricing">
              {next ? t("upgradeTo", { plan: tPlans(`names.${next}`) }) : t("viewPlans")}
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
