import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** Auth.js sends expired, reused or otherwise failed sign-ins here with ?error=<Kind>. */
export default async function SignInErrorPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string }>;
}) {
  const { error } = await searchParams;
  const t = await getTranslations("auth");
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="text-xl">{t("errorTitle")}</span>
        </CardTitle>
        <CardDescription role="alert">
          {error === "Verification" ? t("errorVerification") : t("errorDefault")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild className="w-full">
          <Link href="/sign-in">{t("requestNewLink")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
