import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { getCurrentActor } from "@/lib/auth/current-user";

/** Where a GET of /api/logout lands: opening it changes nothing; only the button's POST logs out. */
export default async function SignOutPage() {
  if (!(await getCurrentActor())) redirect("/");
  const t = await getTranslations("signOut");
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <LogOut className="size-10 text-primary" aria-hidden />
        <h1 className="text-xl font-semibold leading-none tracking-tight">{t("title")}</h1>
        <CardDescription>{t("body")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <form method="post" action="/api/logout">
          <Button type="submit" className="w-full" autoFocus>
            {t("button")}
          </Button>
        </form>
        <Button asChild variant="ghost" className="w-full">
          <Link href="/">{t("stay")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
