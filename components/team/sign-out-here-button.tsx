"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field-error";
import { apiResult } from "@/lib/api-client/request";

/**
 * Signs out (the log-out POST) and shows this page again, signed out: the invitation then
 * offers to sign in with the address it was sent to.
 */
export function SignOutHereButton() {
  const t = useTranslations("team.invitationPage");
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  const signOut = () =>
    startTransition(async () => {
      setFailed(false);
      const result = await apiResult("POST", "/api/logout");
      if (result.ok) router.refresh();
      else setFailed(true);
    });
  return (
    <div className="space-y-3">
      <FormError text={failed ? t("signOutFailed") : null} />
      <Button type="button" variant="outline" className="w-full" disabled={pending} onClick={signOut}>
        {pending ? t("signingOut") : t("signOut")}
      </Button>
    </div>
  );
}
