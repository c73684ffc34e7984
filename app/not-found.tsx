import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-bold">{t("notFound.title")}</h1>
        <p className="mt-4 text-muted-foreground">{t("notFound.hint")}</p>
        <Link href="/" className="mt-6 inline-block text-primary underline underline-offset-4">
          {t("common.backHome")}
        </Link>
      </div>
    </main>
  );
}
