"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field-error";
import type { SwitchWorkspace } from "@/components/layout/workspace-switch";

/** An accepted invitation, opened by its member: switch to its workspace and open the dashboard. */
export function OpenWorkspaceButton({
  workspaceId,
  workspaceName,
  switchTo,
}: {
  workspaceId: string;
  workspaceName: string;
  switchTo: SwitchWorkspace;
}) {
  const t = useTranslations("team.invitationPage");
  const [failed, setFailed] = useState(false);
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const open = () =>
    startTransition(async () => {
      setFailed(false);
      const result = await switchTo({ workspaceId });
      if (result.ok) router.push("/");
      else setFailed(true);
    });
  return (
    <div className="space-y-3">
      <FormError text={failed ? t("openFailed") : null} />
      <Button type="button" className="w-full whitespace-normal" disabled={pending} onClick={open}>
        {pending ? t("opening") : t("open", { workspace: workspaceName })}
      </Button>
    </div>
  );
}
