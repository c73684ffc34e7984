"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import {
  Activity,
  BellRing,
  Calendar,
  CreditCard,
  LayoutDashboard,
  LogOut,
  Settings,
  UserCog,
  Users,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { Sidebar, useSidebar } from "./sidebar";
import { SidebarUsage, type SidebarUsageProps } from "./sidebar-usage";

const MAIN = [
  { href: "/", key: "dashboard", icon: LayoutDashboard },
  { href: "/contacts", key: "contacts", icon: Users },
  { href: "/reminders", key: "reminders", icon: BellRing },
  { href: "/schedule", key: "schedule", icon: Calendar },
  { href: "/activity", key: "activity", icon: Activity },
] as const;

const ACCOUNT = [
  { href: "/settings", key: "settings", icon: Settings },
  { href: "/settings/team", key: "team", icon: UserCog },
  { href: "/billing", key: "billing", icon: CreditCard },
] as const;

const HREFS: readonly string[] = [...MAIN, ...ACCOUNT].map((item) => item.href);

const NAV_ITEM_CLASS =
  "flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** The label as a tooltip when the sidebar shows icons only. */
function WithTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  const { open, isMobile } = useSidebar();
  if (open || isMobile) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function NavLink({
  href,
  label,
  icon: Icon,
  active,
}: {
  href: string;
  label: string;
  icon: typeof Users;
  active?: boolean;
}) {
  const { open, isMobile, setOpenMobile } = useSidebar();
  const iconsOnly = !open && !isMobile;
  return (
    <WithTooltip label={label}>
      <Link
        href={href}
        aria-current={active ? "page" : undefined}
        aria-label={iconsOnly ? label : undefined}
        onClick={() => setOpenMobile(false)}
        className={cn(NAV_ITEM_CLASS, active && "bg-sidebar-accent text-sidebar-accent-foreground")}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        {!iconsOnly && <span className="truncate">{label}</span>}
      </Link>
    </WithTooltip>
  );
}

/** Log out is a POST form (a GET of /api/logout changes nothing), shown like the links above. */
function LogOutButton({ label }: { label: string }) {
  const { open, isMobile } = useSidebar();
  const iconsOnly = !open && !isMobile;
  return (
    <form method="post" action="/api/logout">
      <WithTooltip label={label}>
        <button
          type="submit"
          aria-label={iconsOnly ? label : undefined}
          className={cn(NAV_ITEM_CLASS, "cursor-pointer")}
        >
          <LogOut className="size-4 shrink-0" aria-hidden />
          {!iconsOnly && <span className="truncate">{label}</span>}
        </button>
      </WithTooltip>
    </form>
  );
}

export function AppSidebar({
  usage,
  canSeeBilling,
  workspaceSwitch,
}: {
  usage: SidebarUsageProps;
  /** Billing is the owner's (manage_billing): others get no link to it. */
  canSeeBilling: boolean;
  /** The workspace switch, for people in more than one workspace. */
  workspaceSwitch?: React.ReactNode;
}) {
  const t = useTranslations("shell");
  const pathname = usePathname();
  const { open, isMobile } = useSidebar();
  const iconsOnly = !open && !isMobile;
  // The server renders the signed-in `/` at its rewritten path `/home` (proxy.ts): both mean the dashboard,
  // so the active link matches on hydration. Otherwise the longest link the path is under
  // (Team at /settings/team, Settings at /settings/developers).
  const activeHref =
    pathname === "/" || pathname === "/home"
      ? "/"
      : HREFS.filter((href) => href !== "/" && (pathname === href || pathname.startsWith(`${href}/`))).sort(
          (a, b) => b.length - a.length,
        )[0];
  const isActive = (href: string) => href === activeHref;
  const account = ACCOUNT.filter((item) => item.key !== "billing" || canSeeBilling);
  return (
    <Sidebar label={t("sidebarLabel")} closeLabel={t("closeSidebar")}>
      {/* No tooltip delay inside the sidebar. */}
      <TooltipProvider delayDuration={0} skipDelayDuration={0}>
        <div className="flex h-14 items-center px-2.5">
          <Link
            href="/"
            className="flex items-center gap-2 rounded-md font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={iconsOnly ? t("home") : undefined}
          >
            <BellRing className="size-5 shrink-0 text-primary" aria-hidden />
            {!iconsOnly && <span>{t("appName")}</span>}
          </Link>
        </div>
        {workspaceSwitch ? <div className="px-1.5 pb-2">{workspaceSwitch}</div> : null}
        <nav aria-label={t("mainNav")} className="flex flex-1 flex-col gap-4 overflow-y-auto px-1.5 py-2">
          <ul className="flex flex-col gap-1">
            {MAIN.map((item) => (
              <li key={item.href}>
                <NavLink
                  href={item.href}
                  label={t(`nav.${item.key}`)}
                  icon={item.icon}
                  active={isActive(item.href)}
                />
              </li>
            ))}
          </ul>
          <div>
            {!iconsOnly && (
              <p className="px-2.5 pb-1 text-xs font-medium text-muted-foreground">{t("accountSection")}</p>
            )}
            <ul className="flex flex-col gap-1">
              {account.map((item) => (
                <li key={item.href}>
                  <NavLink
                    href={item.href}
                    label={t(`nav.${item.key}`)}
                    icon={item.icon}
                    active={isActive(item.href)}
                  />
                </li>
              ))}
              <li>
                <LogOutButton label={t("logOut")} />
              </li>
            </ul>
          </div>
        </nav>
        {!iconsOnly && <SidebarUsage {...usage} />}
      </TooltipProvider>
    </Sidebar>
  );
}
