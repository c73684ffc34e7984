import Link from "next/link";
import { PenLine } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * A first step on the dashboard, shown while the user has no name to sign reminders with (no
 * sender name, first or last name): recipients would see an e-mail address. Links to Settings.
 */
export async function SenderNamePrompt({ email, hasName }: { email: string; hasName: boolean }) {
  if (hasName) return null;
  const t = await getTranslations("dashboard");
  return (
    <Card data-testid="sender-name-prompt" role="region" aria-labelledby="sender-name-prompt-title">
      <CardHeader>
        <CardTitle id="sender-name-prompt-title" className="flex items-center gap-2 text-lg">
          <PenLine className="size-5 text-muted-foreground" aria-hidden="true" />
          {t("senderTitle")}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">{t("senderBody", { email })}</p>
        <Link
          href="/settings"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("senderAction")}
        </Link>
      </CardContent>
    </Card>
  );
}
