import { redirect } from "next/navigation";
import { AppShell } from "@/components/layout/app-shell";
import { PermissionsProvider } from "@/components/layout/permissions";
import { getCurrentActor } from "@/lib/auth/current-user";
import { permissionsOf } from "@/lib/workspaces/permissions-of";

/** Every route in this group needs a signed-in user; signed-out visitors go to the landing page. */
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  return (
    <AppShell actor={actor}>
      {/* What the person's role allows: screens hide the controls it does not (the server refuses them too). */}
      <PermissionsProvider can={permissionsOf(actor.role)}>{children}</PermissionsProvider>
    </AppShell>
  );
}
