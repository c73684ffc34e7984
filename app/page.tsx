import { getTranslations } from "next-intl/server";
import { getCurrentUser } from "@/lib/auth/current-user";

export default async function HomePage() {
  const user = await getCurrentUser();
  const t = await getTranslations();
  if (!user) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6">
        <h1 className="text-4xl font-bold">{t("common.appName")}</h1>
        <a href="/api/login" className="rounded-md bg-primary px-4 py-2 text-primary-foreground">
          {t("auth.signInTitle")}
        </a>
      </main>
    );
  }
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">{t("common.appName")}</h1>
      <p data-testid="signed-in-email">{t("home.signedInAs", { email: user.email })}</p>
      <a href="/api/logout" className="text-primary underline">
        Log out
      </a>
    </main>
  );
}
