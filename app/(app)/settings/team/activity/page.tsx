import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TrailScreen } from "@/components/trail/trail-screen";
import { getCurrentActor } from "@/lib/auth/current-user";
import { listMembers } from "@/lib/team/list-members";
import { listTrail } from "@/lib/trail/list-trail";
import { trailFilterSchema } from "@/lib/validations/trail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("trail"))("metaTitle"), robots: { index: false } };
}

/**
 * `/settings/team/activity?actorId=&kind=`: the workspace's activity trail, for every role
 * (viewers read everything). Unknown filters are ignored.
 */
export default async function ActivityTrailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const { user, workspace } = actor;
  const raw = await searchParams;
  const pick = (key: string) => (typeof raw[key] === "string" && raw[key] !== "" ? raw[key] : undefined);
  const parsed = trailFilterSchema.safeParse({ actorId: pick("actorId"), kind: pick("kind") });
  const filters = parsed.success ? parsed.data : {};
  const [members, firstPage] = await Promise.all([
    listMembers(workspace.id),
    listTrail(workspace.id, { ...filters, limit: 50 }, user.locale),
  ]);
  return (
    <TrailScreen
      members={members.map((member) => ({ userId: member.userId, name: member.name }))}
      filters={filters}
      firstPage={firstPage}
      timeZone={user.timezone}
    />
  );
}
