import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ApiKeysSection } from "@/components/developers/api-keys-section";
import { Card, CardContent } from "@/components/ui/card";
import { WebhooksSection } from "@/components/developers/webhooks-section";
import { getCurrentActor } from "@/lib/auth/current-user";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import { isPermitted } from "@/lib/workspaces/authorize";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("developers");
  return { title: t("title"), robots: { index: false } };
}

/**
 * Settings → Developers: API keys and outgoing webhooks, the owner's and admins' to manage
 * (manage_integrations); another role reads why instead of the controls (the routes refuse it too).
 */
export default async function DevelopersPage() {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const { workspace } = actor;
  const t = await getTranslations("developers");
  const heading = (
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
  );
  if (!isPermitted(actor.role, "manage_integrations")) {
    const team = await getTranslations("team.refused");
    return (
      <div className="space-y-6">
        {heading}
        <Card data-testid="developers-refused">
          <CardContent className="pt-6">
            <p>{team("manage_integrations")}</p>
          </CardContent>
        </Card>
      </div>
    );
  }
  const [keys, endpoints] = await Promise.all([
    listApiKeys(workspace.id),
    listWebhookEndpoints(workspace.id),
  ]);
  return (
    <div className="space-y-6">
      {heading}
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
