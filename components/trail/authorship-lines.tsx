"use client";

import { useTranslations } from "next-intl";
import type { Authorship } from "@/lib/users/authorship";
import { cn } from "@/lib/utils";

/**
 * "Created by Ana" and, when someone else changed it since, "Last changed by Luis", under a
 * reminder or contact; an account that is gone reads "a former member".
 */
export function AuthorshipLines({
  authorship,
  className,
}: {
  authorship: Authorship | null | undefined;
  className?: string;
}) {
  const t = useTranslations("authorship");
  if (!authorship) return null;
  const name = (value: string | null) => value ?? t("formerMember");
  return (
    <p className={cn("text-xs text-muted-foreground", className)} data-testid="authorship">
      <span>{t("createdBy", { name: name(authorship.createdBy) })}</span>
      {authorship.lastChangedBy !== null && (
        <>
          {" · "}
          <span>{t("lastChangedBy", { name: name(authorship.lastChangedBy) })}</span>
        </>
      )}
    </p>
  );
}
