import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference } from "@/components/developers/api-reference";
import { PublicFooter } from "@/components/marketing/public-footer";
import { PublicHeader } from "@/components/marketing/public-header";
import { buildOpenApiDocument } from "@/lib/api/v1/openapi-document";
import { getCurrentActor } from "@/lib/auth/current-user";
import { pageMetadata } from "@/lib/seo/page-metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("apiReference");
  return pageMetadata({ title: t("title"), description: t("subtitle", { version: "1" }), path: "/docs/api" });
}

/** The API reference, rendered on the server from the same document /api/v1/openapi.json serves. */
export default async function ApiReferencePage() {
  const actor = await getCurrentActor();
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={actor !== null} />
      <main id="main" className="flex-1">
        <ApiReference document={buildOpenApiDocument()} />
      </main>
      <PublicFooter />
    </div>
  );
}
