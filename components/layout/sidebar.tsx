"use client";

import * as React from "react";
import { PanelLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from "./sidebar-cookie";

// Narrow below 768 px; 16rem wide, 18rem as a sheet (portalled, so a literal
// width), 3rem collapsed to icons.
const NARROW = "(max-width: 767px)";

interface SidebarState {
  open: boolean;
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = React.createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const context = React.useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside SidebarProvider");
  return context;
}

function subscribeNarrow(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function SidebarProvider({
  defaultOpen,
  children,
}: {
  defaultOpen: boolean;
  children: React.ReactNode;
}) {
  const isMobile = React.useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
  const [open, setOpen] = React.useState(defaultOpen);
  const [openMobile, setOpenMobile] = React.useState(false);

  const toggle = React.useCallback(() => {
    if (isMobile) {
      setOpenMobile((value) => !value);
      return;
    }
    setOpen((value) => {
      // The server reads this cookie to render the same width on the next visit.
      document.cookie = `${SIDEBAR_COOKIE}=${!value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return !value;
    });
  }, [isMobile]);

  React.useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = React.useMemo(
    () => ({ open, openMobile, isMobile, setOpenMobile, toggle }),
    [open, openMobile, isMobile, toggle],
  );
  return (
    <SidebarContext.Provider value={value}>
      <div
        className="flex min-h-svh w-full"
        style={
          {
            "--sidebar-width": "16rem",
            "--sidebar-width-icon": "3rem",
          } as React.CSSProperties
        }
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** Fixed column on desktop (expanded or icons only); a slide-in sheet on narrow screens. */
export function Sidebar({
  label,
  closeLabel,
  children,
}: {
  label: string;
  closeLabel: string;
  children: React.ReactNode;
}) {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          closeLabel={closeLabel}
          data-testid="sidebar-sheet"
          className="w-[18rem] bg-sidebar p-0 text-sidebar-foreground"
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">{label}</SheetDescription>
          <div className="flex h-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }
  const state = open ? "expanded" : "collapsed";
  return (
    <div className="group/sidebar hidden shrink-0 md:block" data-state={state} data-testid="sidebar">
      <div
        className={cn(
          "relative h-svh transition-[width] duration-200",
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
        )}
      />
      <aside
        aria-label={label}
        className={cn(
          "fixed inset-y-0 left-0 z-10 flex h-svh flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200",
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
        )}
      >
        {children}
      </aside>
    </div>
  );
}

export function SidebarTrigger({ label }: { label: string }) {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      onClick={toggle}
      aria-label={label}
      aria-expanded={isMobile ? openMobile : open}
      data-testid="sidebar-trigger"
    >
      <PanelLeft aria-hidden />
    </Button>
  );
}
