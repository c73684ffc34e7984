import { getTranslations } from "next-intl/server";
import type { Workspace } from "@/db/schema";

const NOTICE =
  "rounded-md border border-orange-300 bg-orange-50 p-3 text-orange-950 dark:bg-orange-950 dark:text-orange-50";

/** Payments that need the owner, and refunds or disputes that flagged the workspace. */
export async function BillingNotices({ workspace }: { workspace: Workspace }) {
  const t = await getTranslations("billing.notices");
  return (
    <>
      {workspace.paymentIssue === "action_required" && (
        <p role="alert" className={NOTICE} data-testid="payment-action-required">
          {t("actionRequired")}{" "}
          {workspace.paymentActionUrl && (
            <a href={workspace.paymentActionUrl} className="font-medium underline underline-offset-4">
              {t("completePayment")}
            </a>
          )}
        </p>
      )}
      {workspace.paymentIssue === "payment_failed" && (
        <p role="alert" className={NOTICE}>
          {t("paymentFailed")}
        </p>
      )}
      {workspace.billingFlag && (
        <p role="status" className={NOTICE} data-testid="billing-flag">
          {t(workspace.billingFlag === "dispute" ? "disputed" : "refunded")}
        </p>
      )}
    </>
  );
}
