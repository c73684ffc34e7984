import { cookies } from "next/headers";
import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { Actor } from "@/lib/workspaces/actor";
import { getShellSummary } from "@/lib/dashboard/get-shell-summary";
import { displayName } from "@/lib/users/display-name";
import { saveLocale } from "@/lib/actions/save-locale";
import { saveTimeZone } from "@/lib/actions/save-time-zone";
import { switchWorkspace } from "@/lib/actions/switch-workspace";
import { isPermitted } from "@/lib/workspaces/authorize";
import { listUserWorkspaces } from "@/lib/workspaces/list-user-workspaces";
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
import { WorkspaceSwitch } from "./workspace-switch";

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
  const [summary, cookieStore, locale, t, tTeam, messages, timeZone, workspaces] = await Promise.all([
    getShellSummary(actor.workspace),
    cookies(),
    getLocale(),
    getTranslations("shell"),
    getTranslations("team"),
    getMessages(),
    getTimeZone(),
    listUserWorkspaces(actor.user.id),
  ]);
  const { user, workspace, role } = actor;
  const defaultOpen = cookieStore.get(SIDEBAR_COOKIE)?.value !== "false";
  const canSeeBilling = isPermitted(role, "manage_billing");
  // The switch's words are translated here, so the shell's client payload carries no `team` namespace.
  const workspaceSwitch =
    workspaces.length > 1 ? (
      <WorkspaceSwitch
        workspaces={workspaces.map((item) => ({
          id: item.id,
          name: item.name,
          roleName: tTeam(`roles.${item.role}`),
          switched: tTeam("switch.switched", { workspace: item.name }),
        }))}
        currentId={workspace.id}
        labels={{
          switch: tTeam("switch.label"),
          heading: tTeam("switch.heading"),
          failed: tTeam("switch.failed"),
          team: tTeam("switch.team"),
        }}
        switchTo={switchWorkspace}
      />
    ) : null;
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
          <AppSidebar usage={summary} canSeeBilling={canSeeBilling} workspaceSwitch={workspaceSwitch} />
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
                <UserMenu name={displayName(user)} email={user.email} canSeeBilling={canSeeBilling} />
              </div>
            </header>
            {/* Room under the last row for a bottom-right toast (md and up), so no row button has to stay under one. */}
            <main id="main" className="flex-1 p-4 md:p-6 md:pb-28">
              {/* The one content width of every signed-in page; pages set none of their own. Keyed by
                  the workspace, so a switch starts every screen's state afresh rather than keeping
                  the last workspace's rows in a component's state. */}
              <div key={workspace.id} className="mx-auto w-full max-w-6xl">
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
