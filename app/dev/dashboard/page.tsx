import { notFound, redirect } from "next/navigation";
import { DashboardScreen } from "@/components/dashboard/dashboard-screen";
import { getCurrentUser } from "@/lib/auth/current-user";
import { env, isProduction } from "@/lib/env";

export const dynamic = "force-dynamic";

/**
 * The signed-in dashboard on its own, for development and its e2e test; the app shell renders
 * the same component at `/`. Hidden in production unless DEV_OUTBOX=1, like the dev outbox.
 */
export default async function DevDashboardPage() {
  if (isProduction && !env.DEV_OUTBOX) notFound();
  const user = await getCurrentUser();
  if (!user) redirect("/");
  return <DashboardScreen user={user} />;
}
