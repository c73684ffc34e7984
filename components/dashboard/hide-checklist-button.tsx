"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { hideFirstRunChecklist } from "@/lib/actions/hide-first-run-checklist";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/** Hides the first-run checklist for good (for a user who needs none of it). */
export function HideChecklistButton() {
  const t = useTranslations("dashboard.checklist");
  const errorText = useApiErrorText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const hide = () =>
    startTransition(async () => {
      const result = await hideFirstRunChecklist({});
      if (!result.ok) toast.error(t("hideFailed"), { description: errorText(result) });
      else router.refresh();
    });
  return (
    <Button variant="ghost" size="sm" onClick={hide} disabled={pending}>
      {t("hide")}
    </Button>
  );
}
