import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DASHBOARD_CLIENT_NAMESPACES } from "@/components/dashboard/dashboard-client-namespaces";
import { DashboardScreen } from "@/components/dashboard/dashboard-screen";
import { AppShell } from "@/components/layout/app-shell";
import { PermissionsProvider } from "@/components/layout/permissions";
import { LandingPage } from "@/components/marketing/landing-page";
import { getCurrentActor } from "@/lib/auth/current-user";
import { SIGNED_IN_HOME_HEADER } from "@/config/signed-in-routes";
import { permissionsOf } from "@/lib/workspaces/permissions-of";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell.nav");
  return { title: t("dashboard") };
}

/** The signed-in `/`, reached only through next.config.ts's rewrite (proxy.ts marks the request). */
export default async function SignedInHomePage() {
  // Typed directly as /home it is not a route of the product.
  if ((await headers()).get(SIGNED_IN_HOME_HEADER) !== "1") notFound();
  const actor = await getCurrentActor();
  // A stale session cookie: show the landing rather than redirect back to `/` in a loop.
  if (!actor) return <LandingPage />;
  return (
    <AppShell actor={actor} clientNamespaces={DASHBOARD_CLIENT_NAMESPACES}>
      <PermissionsProvider can={permissionsOf(actor.role)}>
        <DashboardScreen actor={actor} />
      </PermissionsProvider>
    </AppShell>
  );
}
