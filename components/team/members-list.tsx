"use client";

import { useState } from "react";
import { Crown } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { INVITABLE_ROLES, type InvitableRole } from "@/db/schema/enums";
import type { MemberView } from "@/lib/team/member-view";
import { ConfirmButton } from "./confirm-button";
import { useTeamCall } from "./use-team-call";

/** Settings → Team's members: everyone sees them; owners and admins change roles and remove. */
export function MembersList({
  members,
  currentUserId,
  workspaceName,
  canManage,
}: {
  members: MemberView[];
  currentUserId: string;
  workspaceName: string;
  /** manage_members: the role select and Remove on each row but the owner's and one's own. */
  canManage: boolean;
}) {
  const t = useTranslations("team");
  const format = useFormatter();
  return (
    <ul
      className="divide-y rounded-md border"
      aria-label={t("members.listLabel", { workspace: workspaceName })}
    >
      {members.map((member) => {
        const self = member.userId === currentUserId;
        const editable = canManage && !self && member.role !== "owner";
        return (
          <li
            key={member.userId}
            className="flex flex-wrap items-center justify-between gap-3 p-3"
            data-testid="member-row"
          >
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                <span className="min-w-0 break-words">{member.name}</span>
                {self ? <Badge variant="secondary">{t("members.you")}</Badge> : null}
                {member.role === "owner" ? (
                  <Badge data-testid="owner-badge">
                    <Crown aria-hidden="true" />
                    {t("roles.owner")}
                  </Badge>
                ) : editable ? null : (
                  <Badge variant="outline">{t(`roles.${member.role}`)}</Badge>
                )}
              </p>
              {member.name !== member.email ? (
                <p className="text-sm break-all text-muted-foreground">{member.email}</p>
              ) : null}
              <p className="text-xs text-muted-foreground">
                {t("members.joined", {
                  date: format.dateTime(new Date(member.joinedAt), { dateStyle: "medium" }),
                })}
              </p>
            </div>
            {editable ? (
              <MemberControls
                member={member as MemberView & { role: InvitableRole }}
                workspaceName={workspaceName}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function MemberControls({
  member,
  workspaceName,
}: {
  member: MemberView & { role: InvitableRole };
  workspaceName: string;
}) {
  const t = useTranslations("team");
  const { pending, call } = useTeamCall();
  const [role, setRole] = useState<InvitableRole>(member.role);
  const name = member.name;
  const url = `/api/team/members/${encodeURIComponent(member.userId)}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="w-40">
        <NativeSelect
          aria-label={t("members.roleLabel", { name })}
          value={role}
          disabled={pending}
          onChange={(event) => setRole(event.target.value as InvitableRole)}
        >
          {INVITABLE_ROLES.map((option) => (
            <NativeSelectOption key={option} value={option}>
              {t(`roles.${option}`)}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      {role !== member.role ? (
        <Button
          type="button"
          size="sm"
          disabled={pending}
          onClick={() =>
            call(
              { method: "PATCH", url, body: { role } },
              {
                done: t("members.roleChanged", { name, role: t(`roles.${role}`) }),
                failed: t("members.changeFailed"),
              },
            )
          }
        >
          {pending ? t("members.changing") : t("members.changeRole")}
        </Button>
      ) : null}
      <ConfirmButton
        label={t("members.remove")}
        ariaLabel={t("members.removeLabel", { name })}
        title={t("members.removeTitle", { name, workspace: workspaceName })}
        description={t("members.removeDescription")}
        confirm={t("members.removeConfirm")}
        cancel={t("members.cancel")}
        destructive
        disabled={pending}
        onConfirm={() =>
          call(
            { method: "DELETE", url },
            { done: t("members.removed", { name }), failed: t("members.removeFailed") },
          )
        }
      />
    </div>
  );
}
