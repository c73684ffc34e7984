import { Check } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { PLANS } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";
import { formatStorage } from "@/lib/plans/format-storage";

/**
 * A plan's recorded reminders and their storage allowance, from the catalogue; nothing for a plan
 * without them. List items for the card's feature list.
 */
export async function PlanMediaItems({
  planType,
  iconClassName,
}: {
  planType: PlanType;
  iconClassName: string;
}) {
  const [t, locale] = await Promise.all([getTranslations("plans"), getLocale()]);
  const plan = PLANS[planType];
  if (plan.mediaKinds.length === 0) return null;
  const kinds = plan.mediaKinds.includes("video") ? "both" : "voice";
  return (
    <>
      <li className="flex gap-2" data-testid="plan-media-kinds">
        <Check className={iconClassName} aria-hidden />
        {t("media.kinds", { kinds })}
      </li>
      <li className="flex gap-2" data-testid="plan-media-storage">
        <Check className={iconClassName} aria-hidden />
        {t("media.storage", { size: formatStorage(plan.mediaStorageMb, locale) })}
      </li>
    </>
  );
}
