import { cookies } from "next/headers";
import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { Actor } from "@/lib/workspaces/actor";
import { getShellSummary } from "@/lib/dashboard/get-shell-summary";
import { displayName } from "@/lib/users/display-name";
import { saveLocale } from "@/lib/actions/save-locale";
import { saveTimeZone } from "@/lib/actions/save-time-zone";
import { AppSidebar } from "./app-sidebar";
import { LanguageSelect } from "./language-select";
import { SidebarProvider, SidebarTrigger } from "./sidebar";
import { SIDEBAR_COOKIE } from "./sidebar-cookie";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";
import { languageNames } from "./language-names";
import { clientMessages, messagesJson, pageClientMessages } from "./client-messages";
import { ClientIntlProvider } from "./client-intl-provider";
import { TimeZoneOffer } from "./time-zone-offer";

/**
 * The signed-in frame: sidebar, header, toasts, and the page in between.
 * `clientNamespaces`: the only message namespaces the shell's and the page's client components
 * read (the shell's included); without it they get every namespace but the server-only ones.
 */
export async function AppShell({
  actor,
  clientNamespaces,
  children,
}: {
  actor: Actor;
  clientNamespaces?: readonly string[];
  children: React.ReactNode;
}) {
  const [summary, cookieStore, locale, t, messages, timeZone] = await Promise.all([
    getShellSummary(actor.workspace),
    cookies(),
    getLocale(),
    getTranslations("shell"),
    getMessages(),
    getTimeZone(),
  ]);
  const { user } = actor;
  const defaultOpen = cookieStore.get(SIDEBAR_COOKIE)?.value !== "false";
  return (
    <ClientIntlProvider
      locale={locale}
      timeZone={timeZone}
      messagesJson={messagesJson(
        clientNamespaces ? pageClientMessages(messages, clientNamespaces) : clientMessages(messages),
      )}
    >
      <TooltipProvider>
        <SidebarProvider defaultOpen={defaultOpen}>
          <AppSidebar usage={summary} />
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
              <SidebarTrigger label={t("toggleSidebar")} />
              <div className="ml-auto flex items-center gap-2">
                <LanguageSelect
                  locale={locale}
                  label={t("language")}
                  names={await languageNames()}
                  persist={saveLocale}
                />
                <ThemeToggle label={t("toggleTheme")} />
                <UserMenu name={displayName(user)} email={user.email} />
              </div>
            </header>
            {/* Room under the last row for a bottom-right toast (md and up), so no row button has to stay under one. */}
            <main id="main" className="flex-1 p-4 md:p-6 md:pb-28">
              {/* The one content width of every signed-in page; pages set none of their own. */}
              <div className="mx-auto w-full max-w-6xl">
                <TimeZoneOffer accountZone={user.timezone} save={saveTimeZone} />
                {children}
              </div>
            </main>
          </div>
        </SidebarProvider>
      </TooltipProvider>
      <Toaster containerAriaLabel={t("notifications")} />
    </ClientIntlProvider>
  );
}
