import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { CREDIT_PACKAGES } from "@/config/plans";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/plans/format-money";
import type { LedgerPage } from "@/lib/credits/list-credit-ledger";
import type { Workspace } from "@/db/schema";
import { cn } from "@/lib/utils";

const pageHref = (page: number) => `/billing?ledger=${page}#credits`;

/**
 * Credits on every plan: the balance, whether auto-recharge is on, and the ledger (newest first,
 * paged) so every cent bought, spent, refunded or recharged can be traced.
 */
export async function CreditsCard({
  workspace,
  ledger,
  locale,
  timeZone,
}: {
  workspace: Workspace;
  ledger: LedgerPage;
  locale: string;
  timeZone: string;
}) {
  const [t, format] = await Promise.all([getTranslations("billing.credits"), getFormatter()]);
  const pkg =
    workspace.autoRechargePackageIndex === null
      ? undefined
      : CREDIT_PACKAGES[workspace.autoRechargePackageIndex];
  return (
    <Card id="credits" className="md:col-span-2">
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
        <CardDescription>
          {workspace.planType === "payg" ? t("descriptionPayg") : t("descriptionPlan")}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p>
            {t("balance")}{" "}
            <span className="text-2xl font-semibold" data-testid="credits-balance">
              {formatMoney(workspace.paygCreditBalance, locale)}
            </span>
          </p>
          <Link href="/pricing#payg" className="font-medium underline underline-offset-4">
            {t("buy")}
          </Link>
        </div>
        <p data-testid="auto-recharge-status">
          {workspace.autoRechargeEnabled && pkg && workspace.autoRechargeThresholdCents !== null
            ? t("autoRechargeOn", {
                amount: formatMoney(pkg.amountCents, locale),
                threshold: formatMoney(workspace.autoRechargeThresholdCents, locale),
              })
            : t("autoRechargeOff")}
        </p>
        <div>
          <h3 className="mb-2 font-medium">{t("history")}</h3>
          {ledger.entries.length === 0 ? (
            <p className="text-muted-foreground">{t("empty")}</p>
          ) : (
            <table className="w-full text-left" data-testid="credit-ledger">
              <caption className="sr-only">{t("history")}</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 font-normal">
                    {t("date")}
                  </th>
                  <th scope="col" className="py-1 font-normal">
                    {t("description")}
                  </th>
                  <th scope="col" className="py-1 text-right font-normal">
                    {t("amount")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ledger.entries.map((entry) => (
                  <tr key={entry.id} className="border-t">
                    <td className="py-1">
                      {format.dateTime(entry.createdAt, {
                        dateStyle: "medium",
                        timeStyle: "short",
                        timeZone,
                      })}
                    </td>
                    <td className="py-1">{t(`reasons.${entry.reason}`)}</td>
                    <td
                      className={cn(
                        "py-1 text-right tabular-nums",
                        entry.amountCents > 0 ? "text-green-700 dark:text-green-400" : "",
                      )}
                    >
                      {entry.amountCents > 0 ? "+" : "−"}
                      {formatMoney(Math.abs(entry.amountCents), locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {(ledger.page > 1 || ledger.hasMore) && (
            <nav aria-label={t("pages")} className="mt-2 flex justify-between">
              {ledger.page > 1 ? (
                <Link href={pageHref(ledger.page - 1)} className="underline underline-offset-4">
                  {t("newer")}
                </Link>
              ) : (
                <span />
              )}
              {ledger.hasMore && (
                <Link href={pageHref(ledger.page + 1)} className="underline underline-offset-4">
                  {t("older")}
                </Link>
              )}
            </nav>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
