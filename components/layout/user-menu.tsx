"use client";

import Link from "next/link";
import { CreditCard, LogOut, Settings, UserCog } from "lucide-react";
import { useTranslations } from "next-intl";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

const LOG_OUT_FORM_ID = "user-menu-log-out";

export function UserMenu({
  name,
  email,
  canSeeBilling,
}: {
  name: string;
  email: string;
  /** Billing is the owner's (manage_billing): others get no link to it. */
  canSeeBilling: boolean;
}) {
  const t = useTranslations("shell");
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join("") || email[0]?.toUpperCase();
  return (
    // Not modal: a modal menu hides the page from assistive technology while its skip link and
    // controls stay focusable (axe aria-hidden-focus); the menu still takes focus and Escape.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        data-testid="user-menu"
        className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="sr-only">{t("userMenu")}</span>
        <Avatar className="size-8" aria-hidden>
          <AvatarFallback>{initials}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{name || email}</p>
          <p className="truncate text-xs text-muted-foreground" data-testid="signed-in-email">
            {email}
          </p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden />
            {t("nav.settings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings/team">
            <UserCog aria-hidden />
            {t("nav.team")}
          </Link>
        </DropdownMenuItem>
        {canSeeBilling ? (
          <DropdownMenuItem asChild>
            <Link href="/billing">
              <CreditCard aria-hidden />
              {t("nav.billing")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {/* A submit button of the form below: the menu content is portalled out of it. */}
          <button type="submit" form={LOG_OUT_FORM_ID} className="w-full">
            <LogOut aria-hidden />
            {t("logOut")}
          </button>
        </DropdownMenuItem>
      </DropdownMenuContent>
      {/* Logging out is a POST (a GET of /api/logout changes nothing). */}
      <form id={LOG_OUT_FORM_ID} method="post" action="/api/logout" hidden />
    </DropdownMenu>
  );
}
