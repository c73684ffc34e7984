import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { headScript } from "@/components/layout/head-script";
import { env } from "@/lib/env";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    metadataBase: new URL(env.APP_URL),
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
  };
}

// No NextIntlClientProvider or Toaster here: the landing page ships almost no client JS.
// The signed-in shell and the sign-in pages mount their own.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [locale, t] = await Promise.all([getLocale(), getTranslations("common")]);
  return (
    <html lang={locale} className="light" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: headScript }} />
      </head>
      <body className="min-h-screen antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
        >
          {t("skipToContent")}
        </a>
        {children}
      </body>
    </html>
  );
}
