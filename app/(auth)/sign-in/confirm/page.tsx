import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { magicLinkCallbackPath } from "@/lib/auth/magic-link-confirm-url";

/**
 * Where the e-mailed sign-in link lands. Opening it changes nothing (mail scanners open links
 * too); the button POSTs to Auth.js's e-mail callback, which uses the token once.
 */
export default async function ConfirmSignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = await searchParams;
  const params = Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  const t = await getTranslations("auth");
  if (!params.token || !params.email) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="text-xl">{t("errorTitle")}</span>
          </CardTitle>
          <CardDescription role="alert">{t("errorVerification")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link href="/sign-in">{t("requestNewLink")}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <LogIn className="size-10 text-primary" aria-hidden />
        <h1 className="text-xl font-semibold leading-none tracking-tight">{t("confirmTitle")}</h1>
        <CardDescription>{t("confirmBody", { email: params.email })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action={magicLinkCallbackPath(params)}>
          <Button type="submit" className="w-full" autoFocus>
            {t("confirmButton")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
