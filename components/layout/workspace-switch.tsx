"use client";

import { useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Building2, ChevronsUpDown, UserCog } from "lucide-react";
import { toast } from "sonner";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { CallResult } from "@/lib/api-client/call-result";
import { cn } from "@/lib/utils";
import { useSidebar } from "./sidebar";

/** A workspace the person belongs to, with the words the switch shows for it (translated on the server). */
export interface SwitchableWorkspace {
  id: string;
  name: string;
  /** Their role there, in their language. */
  roleName: string;
  /** The toast once switched to it. */
  switched: string;
}

export type SwitchWorkspace = (input: {
  workspaceId: string;
}) => Promise<CallResult<{ workspaceId: string }>>;

/**
 * The sidebar's workspace switch (people in more than one): the current workspace's name and
 * the person's role there; its menu lists every workspace of theirs, the current one checked.
 * Choosing one keeps it on the person's row (a server action) and reads the page again, so
 * every screen shows the chosen workspace. A menu button: Enter or the arrow keys open it, the
 * arrows move, Enter chooses.
 */
export function WorkspaceSwitch({
  workspaces,
  currentId,
  labels,
  switchTo,
}: {
  workspaces: SwitchableWorkspace[];
  currentId: string;
  labels: { switch: string; heading: string; failed: string; team: string };
  switchTo: SwitchWorkspace;
}) {
  const router = useRouter();
  const { open, isMobile, setOpenMobile } = useSidebar();
  const [pending, startTransition] = useTransition();
  const iconsOnly = !open && !isMobile;
  const current = workspaces.find((workspace) => workspace.id === currentId);

  const choose = (workspaceId: string) => {
    const target = workspaces.find((workspace) => workspace.id === workspaceId);
    if (!target || workspaceId === currentId) return;
    startTransition(async () => {
      const result = await switchTo({ workspaceId });
      setOpenMobile(false);
      if (result.ok) toast.success(target.switched);
      // Refused (no longer a member of it): the list is read again too.
      else toast.error(labels.failed);
      router.refresh();
    });
  };

  return (
    // Not modal, like the user menu: a modal menu hides the page from assistive technology while
    // its controls stay focusable.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-busy={pending || undefined}
        data-testid="workspace-switch"
        className={cn(
          "flex w-full items-center gap-2 rounded-md border border-sidebar-border bg-background/60 text-left text-sm hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
          iconsOnly ? "h-9 justify-center" : "px-2.5 py-1.5",
        )}
      >
        <Building2 className="size-4 shrink-0" aria-hidden />
        {/* Named by what it shows (the workspace and the role), then what it does. */}
        <span className={iconsOnly ? "sr-only" : "min-w-0 flex-1"}>
          <span className="block truncate font-medium" data-testid="current-workspace">
            {current?.name}
          </span>{" "}
          <span className="block truncate text-xs text-muted-foreground">{current?.roleName}</span>
        </span>
        <span className="sr-only">{`, ${labels.switch}`}</span>
        {iconsOnly ? null : <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden />}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        side={iconsOnly ? "right" : "bottom"}
        className="w-(--radix-dropdown-menu-trigger-width) min-w-60"
      >
        <DropdownMenuLabel>{labels.heading}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={currentId} onValueChange={choose}>
          {workspaces.map((workspace) => (
            <DropdownMenuRadioItem
              key={workspace.id}
              value={workspace.id}
              disabled={pending}
              data-testid="workspace-option"
            >
              <span className="min-w-0">
                <span className="block break-words">{workspace.name}</span>{" "}
                <span className="block text-xs text-muted-foreground">{workspace.roleName}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings/team" onClick={() => setOpenMobile(false)}>
            <UserCog aria-hidden />
            {labels.team}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
