import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { WebhooksSection } from "@/components/developers/webhooks-section";
import { getCurrentUser } from "@/lib/auth/current-user";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks");
  return { title: t("pageTitle"), robots: { index: false } };
}

/** Settings → Developers: connecting Remindful to other tools. */
export default async function DevelopersPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const t = await getTranslations("webhooks");
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("pageTitle")}</h1>
        <p className="text-muted-foreground">{t("pageSubtitle")}</p>
      </div>
      <WebhooksSection initialEndpoints={await listWebhookEndpoints(user.id)} />
    </div>
  );
}
