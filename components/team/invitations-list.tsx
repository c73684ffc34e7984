"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { InvitationView } from "@/lib/team/invitation-view";
import { ConfirmButton } from "./confirm-button";
import { useTeamCall } from "./use-team-call";

/** Invitations waiting (open or expired), newest first; owners and admins resend or withdraw them. */
export function InvitationsList({
  invitations,
  canManage,
}: {
  invitations: InvitationView[];
  canManage: boolean;
}) {
  const t = useTranslations("team");
  const format = useFormatter();
  const { pending, call } = useTeamCall();
  if (invitations.length === 0)
    return <p className="text-sm text-muted-foreground">{t("invitations.none")}</p>;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <ul className="divide-y rounded-md border" aria-label={t("invitations.listLabel")}>
      {invitations.map((invitation) => {
        const { email } = invitation;
        const url = `/api/team/invitations/${encodeURIComponent(invitation.id)}`;
        const expired = invitation.status === "expired";
        return (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-3 p-3"
            data-testid="invitation-row"
          >
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="min-w-0 break-all">{email}</span>
                <Badge variant="outline">{t(`roles.${invitation.role}`)}</Badge>
                {expired ? <Badge variant="destructive">{t("invitations.expiredBadge")}</Badge> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                {invitation.invitedBy
                  ? `${t("invitations.invitedBy", { name: invitation.invitedBy })} · `
                  : ""}
                {expired
                  ? t("invitations.expiredOn", { date: date(invitation.expiresAt) })
                  : t("invitations.expires", { date: date(invitation.expiresAt) })}
              </p>
            </div>
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={pending}
                  aria-label={t("invitations.resendLabel", { email })}
                  onClick={() =>
                    call(
                      { method: "POST", url: `${url}/resend` },
                      { done: t("invitations.resent", { email }), failed: t("invitations.resendFailed") },
                    )
                  }
                >
                  {t("invitations.resend")}
                </Button>
                <ConfirmButton
                  label={t("invitations.withdraw")}
                  ariaLabel={t("invitations.withdrawLabel", { email })}
                  title={t("invitations.withdrawTitle", { email })}
                  description={t("invitations.withdrawDescription")}
                  confirm={t("invitations.withdrawConfirm")}
                  cancel={t("invitations.cancel")}
                  destructive
                  disabled={pending}
                  onConfirm={() =>
                    call(
                      { method: "DELETE", url },
                      { done: t("invitations.withdrawn"), failed: t("invitations.withdrawFailed") },
                    )
                  }
                />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
