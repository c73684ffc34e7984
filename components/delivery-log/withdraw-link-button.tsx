"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/layout/permissions";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/**
 * A sent voice or video delivery's playback link: withdraw it (its page then answers "not
 * found"), or say that it was withdrawn. Withdrawing is a write: no button for a viewer.
 */
export function WithdrawLinkButton({
  deliveryId,
  playback,
}: {
  deliveryId: number;
  playback: "active" | "revoked";
}) {
  const t = useTranslations("deliveryLog");
  const errorText = useApiErrorText();
  const [state, setState] = useState(playback);
  const [busy, setBusy] = useState(false);
  const canWrite = useCan("write");
  if (state === "revoked") return <p className="text-xs text-muted-foreground">{t("linkWithdrawn")}</p>;
  async function withdraw() {
    setBusy(true);
    const result = await apiResult("POST", `/api/deliveries/${deliveryId}/revoke-playback`);
    setBusy(false);
    if (!result.ok) {
      toast.error(t("withdrawFailed"), { description: errorText(result) });
      return;
    }
    setState("revoked");
  }
  if (!canWrite) return null;
  return (
    <Button type="button" variant="outline" size="sm" disabled={busy} onClick={withdraw}>
      {t("withdrawLink")}
    </Button>
  );
}
