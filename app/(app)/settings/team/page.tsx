import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TeamScreen } from "@/components/team/team-screen";
import { getCurrentActor } from "@/lib/auth/current-user";
import { listInvitations } from "@/lib/team/list-invitations";
import { listMembers } from "@/lib/team/list-members";
import { workspaceSummary } from "@/lib/team/workspace-summary";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("team.page");
  return { title: t("title"), robots: { index: false } };
}

/** Settings → Team: what GET /api/team/members, /api/team/invitations and /api/workspace answer. */
export default async function TeamPage() {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const [members, invitations, summary] = await Promise.all([
    listMembers(actor.workspace.id),
    listInvitations(actor.workspace.id),
    workspaceSummary(actor),
  ]);
  return <TeamScreen actor={actor} members={members} invitations={invitations} summary={summary} />;
}
