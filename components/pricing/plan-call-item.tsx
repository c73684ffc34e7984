import { Check, Minus } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { PLANS } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";
import { cn } from "@/lib/utils";

/**
 * A plan's reminder calls a day from the catalogue ("Up to 20 reminder calls a day"), or "No
 * phone calls" for a plan without them. A list item for a card's feature list; the cost rule is
 * said once per page (CallCostRule).
 */
export async function PlanCallItem({
  planType,
  iconClassName,
}: {
  planType: PlanType;
  iconClassName: string;
}) {
  const t = await getTranslations("plans");
  const { callsPerDay } = PLANS[planType];
  const Icon = callsPerDay > 0 ? Check : Minus;
  return (
    <li className={cn("flex gap-2", callsPerDay === 0 && "text-muted-foreground")} data-testid="plan-calls">
      <Icon className={cn(iconClassName, callsPerDay === 0 && "text-muted-foreground")} aria-hidden />
      {callsPerDay > 0 ? t("calls.perDay", { count: callsPerDay }) : t("calls.none")}
    </li>
  );
}
