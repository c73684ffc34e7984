"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import type { MemberView } from "@/lib/team/member-view";
import { ConfirmButton } from "./confirm-button";
import { useTeamCall } from "./use-team-call";

/** The owner hands the workspace to another member and stays on as an admin. */
export function TransferOwnership({
  candidates,
  workspaceName,
}: {
  /** The members other than the owner. */
  candidates: MemberView[];
  workspaceName: string;
}) {
  const t = useTranslations("team.transfer");
  const selectId = useId();
  const [userId, setUserId] = useState("");
  const { pending, call } = useTeamCall();
  if (candidates.length === 0) return <p className="text-sm text-muted-foreground">{t("none")}</p>;
  const chosen = candidates.find((member) => member.userId === userId);
  const name = chosen?.name ?? "";
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-full space-y-2 sm:w-72">
        <Label htmlFor={selectId}>{t("member")}</Label>
        <NativeSelect
          id={selectId}
          value={userId}
          disabled={pending}
          onChange={(event) => setUserId(event.target.value)}
        >
          <NativeSelectOption value="">{t("choose")}</NativeSelectOption>
          {candidates.map((member) => (
            <NativeSelectOption key={member.userId} value={member.userId}>
              {member.name === member.email ? member.name : `${member.name} (${member.email})`}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <ConfirmButton
        label={t("button")}
        title={t("confirmTitle", { name, workspace: workspaceName })}
        description={t("confirmDescription", { name })}
        confirm={t("confirm")}
        cancel={t("cancel")}
        size="default"
        disabled={pending || !chosen}
        onConfirm={() =>
          call(
            { method: "POST", url: "/api/team/transfer", body: { userId } },
            { done: t("done", { name }), failed: t("failed") },
            { onDone: () => setUserId("") },
          )
        }
      />
    </div>
  );
}
