"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ConfirmButton } from "./confirm-button";
import { useTeamCall } from "./use-team-call";

/** Every member but the owner may leave; they then act in another workspace of theirs. */
export function LeaveWorkspace({ workspaceName }: { workspaceName: string }) {
  const t = useTranslations("team.leave");
  const router = useRouter();
  const { pending, call } = useTeamCall();
  return (
    <ConfirmButton
      label={t("button")}
      title={t("confirmTitle", { workspace: workspaceName })}
      description={t("confirmDescription")}
      confirm={t("confirm")}
      cancel={t("cancel")}
      destructive
      size="default"
      disabled={pending}
      onConfirm={() =>
        call(
          { method: "POST", url: "/api/team/leave" },
          { done: t("left", { workspace: workspaceName }), failed: t("failed") },
          // This page was the left workspace's: the dashboard is the next one's.
          { onDone: () => router.push("/") },
        )
      }
    />
  );
}
