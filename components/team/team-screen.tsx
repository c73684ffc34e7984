import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { InvitationView } from "@/lib/team/invitation-view";
import { INVITATION_DAYS } from "@/lib/team/invitation-token";
import type { MemberView } from "@/lib/team/member-view";
import type { workspaceSummary } from "@/lib/team/workspace-summary";
import type { Actor } from "@/lib/workspaces/actor";
import { isPermitted } from "@/lib/workspaces/authorize";
import { InvitationsList } from "./invitations-list";
import { InviteForm } from "./invite-form";
import { LeaveWorkspace } from "./leave-workspace";
import { MembersList } from "./members-list";
import { TransferOwnership } from "./transfer-ownership";
import { WorkspaceSettings } from "./workspace-settings";

export type WorkspaceSummary = Awaited<ReturnType<typeof workspaceSummary>>;

/**
 * `/settings/team`: the members, the invitations and the workspace's settings. Each control is
 * shown only to a role config/roles.ts lets use it (the routes check again); everyone else sees
 * the same facts read-only.
 */
export async function TeamScreen({
  actor,
  members,
  invitations,
  summary,
}: {
  actor: Actor;
  members: MemberView[];
  invitations: InvitationView[];
  summary: WorkspaceSummary;
}) {
  const t = await getTranslations("team");
  const can = (permission: Parameters<typeof isPermitted>[1]) => isPermitted(actor.role, permission);
  const workspace = actor.workspace.name;
  const { seats } = summary;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t("page.title")}</h1>
        <p className="break-words text-muted-foreground">{t("page.subtitle", { workspace })}</p>
      </div>
      <Card data-testid="team-members">
        <CardHeader>
          <CardTitle>{t("members.title")}</CardTitle>
          <CardDescription>{t("members.description")}</CardDescription>
          <p className="text-sm font-medium" data-testid="seat-count">
            {t("seats.count", { members: seats.members, limit: seats.limit })}
            {seats.invited > 0 ? (
              <span className="font-normal text-muted-foreground">
                {" "}
                {t("seats.invited", { count: seats.invited })}
              </span>
            ) : null}
          </p>
        </CardHeader>
        <CardContent>
          <MembersList
            members={members}
            currentUserId={actor.user.id}
            workspaceName={workspace}
            canManage={can("manage_members")}
          />
        </CardContent>
      </Card>
      {can("manage_members") ? (
        <Card data-testid="team-invite">
          <CardHeader>
            <CardTitle>{t("invite.title")}</CardTitle>
            <CardDescription>{t("invite.description", { days: INVITATION_DAYS })}</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm
              seatsFull={seats.members + seats.invited >= seats.limit}
              canAddSeats={can("manage_billing")}
            />
          </CardContent>
        </Card>
      ) : null}
      <Card data-testid="team-invitations">
        <CardHeader>
          <CardTitle>{t("invitations.title")}</CardTitle>
          <CardDescription>{t("invitations.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <InvitationsList invitations={invitations} canManage={can("manage_members")} />
        </CardContent>
      </Card>
      <Card data-testid="team-workspace">
        <CardHeader>
          <CardTitle>{t("workspace.title")}</CardTitle>
          <CardDescription>{t("workspace.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <WorkspaceSettings
            name={workspace}
            senderIdentity={summary.senderIdentity === "workspace" ? "workspace" : "member"}
            canEdit={can("manage_settings")}
          />
        </CardContent>
      </Card>
      {can("own") ? (
        <Card data-testid="team-transfer">
          <CardHeader>
            <CardTitle>{t("transfer.title")}</CardTitle>
            <CardDescription>{t("transfer.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <TransferOwnership
              candidates={members.filter((member) => member.role !== "owner")}
              workspaceName={workspace}
            />
          </CardContent>
        </Card>
      ) : (
        <Card data-testid="team-leave">
          <CardHeader>
            <CardTitle>{t("leave.title")}</CardTitle>
            <CardDescription>{t("leave.description", { workspace })}</CardDescription>
          </CardHeader>
          <CardContent>
            <LeaveWorkspace workspaceName={workspace} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
