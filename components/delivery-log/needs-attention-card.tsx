import Link from "next/link";
import { AlertTriangle } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { AttentionSummary } from "@/lib/activity/get-attention-summary";
import { DeliveryEntryItem } from "./delivery-entry-item";

/** Shown on the dashboard only when something failed in the last 7 days. */
export async function NeedsAttentionCard({
  summary,
  timeZone,
}: {
  summary: AttentionSummary;
  timeZone: string;
}) {
  if (summary.count === 0) return null;
  const t = await getTranslations("deliveryLog.attention");
  return (
    <Card
      className="border-red-300 dark:border-red-800"
      data-testid="needs-attention"
      role="region"
      aria-labelledby="needs-attention-title"
    >
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle id="needs-attention-title" className="flex items-center gap-2 text-lg">
          <AlertTriangle className="size-5 text-red-700 dark:text-red-300" aria-hidden="true" />
          {t("title")}
        </CardTitle>
        <Link
          href="/activity?status=failed"
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          {t("viewAll")}
        </Link>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm">{t("description", { count: summary.count })}</p>
        <ul className="space-y-2">
          {summary.latest.map((entry) => (
            <DeliveryEntryItem key={entry.id} entry={entry} timeZone={timeZone} showContact />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
