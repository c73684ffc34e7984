import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * What a member who is not the workspace's owner sees at /billing: the refusal (the page's 403),
 * and none of the workspace's billing data.
 */
export async function BillingOwnerOnly({ workspaceName }: { workspaceName: string }) {
  const t = await getTranslations("billing.ownerOnly");
  return (
    <Card role="alert" data-testid="billing-owner-only" className="max-w-2xl">
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>{t("body", { workspace: workspaceName })}</p>
        <Link href="/" className="font-medium underline underline-offset-4">
          {t("back")}
        </Link>
      </CardContent>
    </Card>
  );
}
