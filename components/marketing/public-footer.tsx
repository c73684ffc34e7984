import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";

export async function PublicFooter() {
  const t = await getTranslations("public");
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row">
        <p>{t("copyright", { year: new Date().getUTCFullYear() })}</p>
        <nav aria-label={t("footerNav")} className="flex gap-4">
          <Link href="/terms" className="hover:underline">
            {t("terms")}
          </Link>
          <Link href="/pricing" className="hover:underline">
            {t("pricing")}
          </Link>
          <a href={`mailto:${env.ENTERPRISE_EMAIL}`} className="hover:underline">
            {t("contact")}
          </a>
        </nav>
      </div>
    </footer>
  );
}
