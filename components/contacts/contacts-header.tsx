"use client";

import { useTranslations } from "next-intl";
import { Plus, Upload, UsersRound } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface ContactsHeaderProps {
  used: number;
  limit: number;
  /** Absent for a role that may not write (a viewer): no buttons. */
  actions?: { onGroups(): void; onImport(): void; onAdd(): void };
}

/**
 * The Contacts screen's title, usage and its three buttons (Groups, Import, Add contact, the
 * primary one last). Beside the title only when the header's own width holds both (a container
 * query: the Spanish and French labels are longer and the sidebar may be open), so the buttons
 * never wrap under one another there; narrower they go under the title, and on a phone each
 * fills its row, Add contact on a row of its own.
 */
export function ContactsHeader({ used, limit, actions }: ContactsHeaderProps) {
  const t = useTranslations("contacts");
  const tg = useTranslations("groups");
  return (
    <header className="@container">
      <div className="flex flex-col gap-4 @4xl:flex-row @4xl:items-end @4xl:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
          <p className="text-sm text-muted-foreground" data-testid="contacts-usage">
            {t("usage", { used, limit })}
          </p>
        </div>
        {actions ? (
          <div className="flex flex-wrap gap-2 @4xl:shrink-0 @4xl:flex-nowrap" data-testid="contacts-actions">
            <Button variant="outline" className="grow sm:grow-0" onClick={actions.onGroups}>
              <UsersRound aria-hidden /> {tg("manage")}
            </Button>
            <Button variant="outline" className="grow sm:grow-0" onClick={actions.onImport}>
              <Upload aria-hidden /> {t("importContacts")}
            </Button>
            <Button className="basis-full sm:basis-auto" onClick={actions.onAdd}>
              <Plus aria-hidden /> {t("addContact")}
            </Button>
          </div>
        ) : null}
      </div>
    </header>
  );
}
