import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ApiKeysSection } from "@/components/developers/api-keys-section";
import { WebhooksSection } from "@/components/developers/webhooks-section";
import { getCurrentActor } from "@/lib/auth/current-user";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("developers");
  return { title: t("title"), robots: { index: false } };
}

/** Settings → Developers: API keys and outgoing webhooks. */
export default async function DevelopersPage() {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const { workspace } = actor;
  const [t, keys, endpoints] = await Promise.all([
    getTranslations("developers"),
    listApiKeys(workspace.id),
    listWebhookEndpoints(workspace.id),
  ]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">
          {t.rich("subtitle", {
            reference: (chunks) => (
              <Link href="/docs/api" className="underline underline-offset-4">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
      <ApiKeysSection
        initialKeys={keys.map((key) => ({
          ...key,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
          revokedAt: key.revokedAt?.toISOString() ?? null,
        }))}
      />
      <WebhooksSection initialEndpoints={endpoints} />
    </div>
  );
}
