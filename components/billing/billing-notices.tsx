import { getTranslations } from "next-intl/server";
import type { User } from "@/db/schema";

const NOTICE =
  "rounded-md border border-orange-300 bg-orange-50 p-3 text-orange-950 dark:bg-orange-950 dark:text-orange-50";

/** Payments that need the user, and refunds or disputes that flagged the account. */
export async function BillingNotices({ user }: { user: User }) {
  const t = await getTranslations("billing.notices");
  return (
    <>
      {user.paymentIssue === "action_required" && (
        <p role="alert" className={NOTICE} data-testid="payment-action-required">
          {t("actionRequired")}{" "}
          {user.paymentActionUrl && (
            <a href={user.paymentActionUrl} className="font-medium underline underline-offset-4">
              {t("completePayment")}
            </a>
          )}
        </p>
      )}
      {user.paymentIssue === "payment_failed" && (
        <p role="alert" className={NOTICE}>
          {t("paymentFailed")}
        </p>
      )}
      {user.billingFlag && (
        <p role="status" className={NOTICE} data-testid="billing-flag">
          {t(user.billingFlag === "dispute" ? "disputed" : "refunded")}
        </p>
      )}
    </>
  );
}
