import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { MailOpen, MailX } from "lucide-react";
import { AcceptInvitationButton } from "@/components/team/accept-invitation-button";
import { OpenWorkspaceButton } from "@/components/team/open-workspace-button";
import { SignOutHereButton } from "@/components/team/sign-out-here-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { switchWorkspace } from "@/lib/actions/switch-workspace";
import { getCurrentActor } from "@/lib/auth/current-user";
import { INVITATION_DAYS } from "@/lib/team/invitation-token";
import { invitationPageState } from "@/lib/team/invitation-page-state";

interface PageProps {
  params: Promise<{ token: string }>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("team.invitationPage");
  // A capability link: never in a search index, never sent on as a Referer.
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

function Page({
  title,
  text,
  children,
  failed = false,
}: {
  title: string;
  text: React.ReactNode;
  children?: React.ReactNode;
  failed?: boolean;
}) {
  const Icon = failed ? MailX : MailOpen;
  return (
    <Card data-testid="invitation-page">
      <CardHeader className="items-center text-center">
        <Icon className="size-10 text-primary" aria-hidden />
        <h1 className="text-xl leading-tight font-semibold tracking-tight break-words">{title}</h1>
        <CardDescription className="space-y-2 break-words">{text}</CardDescription>
      </CardHeader>
      {children ? <CardContent className="flex flex-col gap-2">{children}</CardContent> : null}
    </Card>
  );
}

/**
 * Where an invitation e-mail's link lands, signed in or not: who invited whom to which workspace
 * with which role, and the one next step for whoever opens it. A token no invitation has is a
 * plain "not valid" page.
 */
export default async function InvitationPage({ params }: PageProps) {
  const { token } = await params;
  const actor = await getCurrentActor();
  const [state, t, tRoles, tDescriptions, format] = await Promise.all([
    invitationPageState(token, actor?.user ?? null),
    getTranslations("team.invitationPage"),
    getTranslations("team.roles"),
    getTranslations("team.roleDescriptions"),
    getFormatter(),
  ]);
  const home = (
    <Button asChild variant="outline" className="w-full">
      <Link href="/">{t("home")}</Link>
    </Button>
  );
  switch (state.kind) {
    case "invalid":
      return (
        <Page failed title={t("invalidTitle")} text={t("invalid")}>
          {home}
        </Page>
      );
    case "expired":
      return (
        <Page
          failed
          title={t("expiredTitle")}
          text={t("expired", { days: INVITATION_DAYS, workspace: state.workspaceName })}
        >
          {home}
        </Page>
      );
    case "revoked":
      return (
        <Page failed title={t("revokedTitle")} text={t("revoked", { workspace: state.workspaceName })}>
          {home}
        </Page>
      );
    case "accepted":
      return (
        <Page failed title={t("acceptedTitle")} text={t("accepted")}>
          {home}
        </Page>
      );
    case "member":
      return (
        <Page
          title={t("memberTitle", { workspace: state.workspaceName })}
          text={t("member", { role: tRoles(state.role) })}
        >
          <OpenWorkspaceButton
            workspaceId={state.workspaceId}
            workspaceName={state.workspaceName}
            switchTo={switchWorkspace}
          />
        </Page>
      );
  }
  const { invitation } = state;
  const workspace = invitation.workspaceName;
  const role = tRoles(invitation.role);
  const details = (
    <>
      <span className="block" data-testid="invitation-summary">
        {invitation.inviterName
          ? t("invited", { inviter: invitation.inviterName, email: invitation.email, workspace, role })
          : t("invitedNoInviter", { email: invitation.email, workspace, role })}
      </span>
      <span className="block">{t("roleDoes", { role, description: tDescriptions(invitation.role) })}</span>
      <span className="block">
        {t("expires", {
          date: format.dateTime(invitation.expiresAt, { dateStyle: "long", timeStyle: "short" }),
        })}
      </span>
    </>
  );
  if (state.kind === "signed_out")
    return (
      <Page title={t("joinTitle", { workspace })} text={details}>
        <p className="text-center text-sm">{t("signedOut", { email: invitation.email })}</p>
        <Button asChild className="w-full whitespace-normal">
          <Link href={`/sign-in?callbackUrl=${encodeURIComponent(`/invitations/${token}`)}`}>
            {t("signIn")}
          </Link>
        </Button>
      </Page>
    );
  if (state.kind === "other_account")
    return (
      <Page
        failed
        title={t("otherAccountTitle")}
        text={t("otherAccount", { email: invitation.email, current: state.signedInAs })}
      >
        <SignOutHereButton />
      </Page>
    );
  return (
    <Page title={t("joinTitle", { workspace })} text={details}>
      <AcceptInvitationButton token={token} workspaceName={workspace} />
    </Page>
  );
}
