import { getLocale, getTranslations } from "next-intl/server";
import { PRICE_PER_REMINDER_CENTS, REMINDERS_PER_CALL } from "@/config/plans";
import { formatMoney } from "@/lib/plans/format-money";

/** What a reminder call costs, from the plan catalogue: said once wherever plans are compared. */
export async function CallCostRule({ className }: { className?: string }) {
  const [t, locale] = await Promise.all([getTranslations("plans"), getLocale()]);
  return (
    <p className={className} data-testid="call-cost-rule">
      {t("calls.costRule", {
        count: REMINDERS_PER_CALL,
        price: formatMoney(REMINDERS_PER_CALL * PRICE_PER_REMINDER_CENTS, locale),
      })}
    </p>
  );
}
