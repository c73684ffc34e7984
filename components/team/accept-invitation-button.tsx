"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field-error";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/**
 * The invitation page's Join: POSTs the acceptance, then opens the dashboard, where the person
 * now acts in the joined workspace. A
 * refusal (withdrawn or expired meanwhile, every seat taken) shows its reason.
 */
export function AcceptInvitationButton({ token, workspaceName }: { token: string; workspaceName: string }) {
  const t = useTranslations("team.invitationPage");
  const errorText = useApiErrorText();
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const join = () =>
    startTransition(async () => {
      setError(null);
      const result = await apiResult("POST", `/api/invitations/${encodeURIComponent(token)}/accept`);
      if (result.ok) router.push("/");
      else setError(errorText(result));
    });
  return (
    <div className="space-y-3">
      <FormError text={error} />
      <Button type="button" className="w-full whitespace-normal" disabled={pending} onClick={join}>
        {pending ? t("joining") : t("join", { workspace: workspaceName })}
      </Button>
    </div>
  );
}
