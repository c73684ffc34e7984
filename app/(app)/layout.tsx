import { redirect } from "next/navigation";
import { AppShell } from "@/components/layout/app-shell";
import { getCurrentActor } from "@/lib/auth/current-user";

/** Every route in this group needs a signed-in user; signed-out visitors go to the landing page. */
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  return <AppShell actor={actor}>{children}</AppShell>;
}
