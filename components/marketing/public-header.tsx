import Link from "next/link";
import { BellRing, LayoutDashboard } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { LanguageSelect } from "@/components/layout/language-select";
import { languageNames } from "@/components/layout/language-names";
import { ThemeToggle } from "@/components/layout/theme-toggle";

/** Header of the public pages; only the language select and theme toggle run on the client. */
export async function PublicHeader({ signedIn }: { signedIn: boolean }) {
  const [t, locale, names] = await Promise.all([getTranslations("public"), getLocale(), languageNames()]);
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <Link href="/" className="flex items-center gap-2 text-lg font-semibold">
          <BellRing className="size-5 text-primary" aria-hidden />
          {/* Icon only on narrow screens so the longer es/fr labels fit at 375 px. */}
          <span className="sr-only sm:not-sr-only">{t("appName")}</span>
        </Link>
        <nav aria-label={t("mainNav")} className="ml-auto flex items-center gap-1 sm:gap-2">
          <Link href="/pricing" className="hidden px-2 text-sm font-medium hover:underline sm:inline">
            {t("pricing")}
          </Link>
          <LanguageSelect locale={locale} label={t("language")} names={names} />
          <ThemeToggle label={t("toggleTheme")} />
          {signedIn ? (
            // "Aller au tableau de bord" does not fit beside the language at 375 px: an icon there.
            <Link href="/" className={buttonVariants({ size: "sm" })} aria-label={t("dashboard")}>
              <LayoutDashboard aria-hidden />
              <span className="hidden sm:inline">{t("dashboard")}</span>
            </Link>
          ) : (
            <a href="/api/login" className={buttonVariants({ size: "sm" })}>
              {t("signIn")}
            </a>
          )}
        </nav>
      </div>
    </header>
  );
}
