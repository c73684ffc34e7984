import Link from "next/link";
import { BellRing } from "lucide-react";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import { Toaster } from "@/components/ui/sonner";

export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("common");
  return (
    <NextIntlClientProvider>
      <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-muted/40 p-6">
        <Link href="/" className="mb-8 flex items-center gap-2 text-xl font-semibold">
          <BellRing className="size-6 text-primary" aria-hidden />
          {t("appName")}
        </Link>
        <div className="w-full max-w-sm">{children}</div>
      </main>
      <Toaster />
    </NextIntlClientProvider>
  );
}
