import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { MagicLinkForm } from "@/components/auth/magic-link-form";
import { getCurrentActor } from "@/lib/auth/current-user";
import { oauthProviders } from "@/lib/auth";
import { signInWithProvider } from "@/lib/actions/sign-in-with-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("signInTitle") };
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string }>;
}) {
  if (await getCurrentActor()) redirect("/");
  const { callbackUrl } = await searchParams;
  const safeCallback =
    callbackUrl?.startsWith("/") && !callbackUrl.startsWith("//") ? callbackUrl : undefined;
  const t = await getTranslations("auth");
  const oauth = oauthProviders();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="text-xl">{t("signInTitle")}</span>
        </CardTitle>
        <CardDescription>{t("signInSubtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <MagicLinkForm callbackUrl={safeCallback} />
        {oauth.google || oauth.github ? (
          <>
            <p className="text-center text-xs uppercase text-muted-foreground">{t("orContinueWith")}</p>
            {oauth.google ? (
              <form action={signInWithProvider.bind(null, "google")}>
                <input type="hidden" name="callbackUrl" value={safeCallback ?? "/"} />
                <Button variant="outline" className="w-full" type="submit">
                  {t("continueWithGoogle")}
                </Button>
              </form>
            ) : null}
            {oauth.github ? (
              <form action={signInWithProvider.bind(null, "github")}>
                <input type="hidden" name="callbackUrl" value={safeCallback ?? "/"} />
                <Button variant="outline" className="w-full" type="submit">
                  {t("continueWithGithub")}
                </Button>
              </form>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
