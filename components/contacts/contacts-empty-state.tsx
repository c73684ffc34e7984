"use client";

import { useTranslations } from "next-intl";
import { FolderOpen, Plus, Search, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "./empty-state";
import type { GroupView } from "./group-calls";

/** What the Contacts screen says when its list is empty: no match, an empty group, or no contacts. */
export function ContactsEmptyState({
  query,
  group,
  onAdd,
  onShowAll,
}: {
  query: string;
  /** The group the list is filtered by. */
  group: GroupView | null;
  /** Absent for a role that may not add contacts. */
  onAdd?: () => void;
  onShowAll(): void;
}) {
  const t = useTranslations("contacts");
  const tg = useTranslations("groups");
  if (query.trim())
    return (
      <EmptyState
        icon={Search}
        title={t("noResultsTitle")}
        description={t("noResultsDescription", { query })}
      />
    );
  if (group)
    return (
      <EmptyState
        icon={FolderOpen}
        title={tg("groupEmptyTitle", { name: group.name })}
        description={tg("groupEmptyDescription")}
        action={
          <Button variant="outline" onClick={onShowAll}>
            {tg("showAll")}
          </Button>
        }
      />
    );
  return (
    <EmptyState
      icon={Users}
      title={t("emptyTitle")}
      description={t("emptyDescription")}
      action={
        onAdd && (
          <Button onClick={onAdd}>
            <Plus /> {t("addContact")}
          </Button>
        )
      }
    />
  );
}
