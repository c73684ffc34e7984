"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Plus, Search, Upload, Users } from "lucide-react";
import { toast } from "sonner";
import { UpgradeDialog } from "@/components/upgrade/upgrade-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { PlanType } from "@/db/schema/enums";
import type { CountryCode } from "libphonenumber-js";
import type { Locale } from "@/i18n/locales";
import { filterContacts, type ContactView } from "@/lib/contacts/contact-view";
import { apiRequest } from "@/lib/api-client/request";
import { ContactCard } from "./contact-card";
import { ContactFormDialog } from "./contact-form-dialog";
import type { ContactFormFocus } from "./contact-form-focus";
import { useDeleteContact } from "./use-delete-contact";
import { EmptyState } from "./empty-state";
import { ImportContactsDialog } from "./import-contacts-dialog";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

// Cards rendered at first and added per "Show more": the server-rendered page carries these
// cards, not one per contact (a thousand cards were megabytes of HTML); search covers them all.
export const CONTACTS_PAGE_SIZE = 48;

export interface ContactsScreenProps {
  initialContacts: ContactView[];
  planType: PlanType;
  contactLimit: number;
  defaultCountry?: CountryCode;
  ownerTimezone: string;
  ownerLocale: Locale;
  /** A contact's form to open at once, at a field (a reminder dialog's fix link). */
  openForm?: { contactId: string; field?: ContactFormFocus };
}

/** The Contacts screen (`/contacts`). */
export function ContactsScreen({
  initialContacts,
  planType,
  contactLimit,
  defaultCountry,
  ownerTimezone,
  ownerLocale,
  openForm,
}: ContactsScreenProps) {
  const t = useTranslations("contacts");
  const errorText = useApiErrorText();
  const [contacts, setContacts] = useState(initialContacts);
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState(CONTACTS_PAGE_SIZE);
  const [editing, setEditing] = useState(() => initialContacts.find((c) => c.id === openForm?.contactId));
  const [formOpen, setFormOpen] = useState(editing !== undefined);
  const [formFocus, setFormFocus] = useState(editing && openForm?.field);
  const [importOpen, setImportOpen] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  const router = useRouter();
  const refresh = useCallback(async () => {
    // The shell's counts (sidebar contacts badge) are server-rendered in the layout: re-render it too.
    router.refresh();
    try {
      setContacts(await apiRequest<ContactView[]>("GET", "/api/contacts"));
    } catch (error) {
      toast.error(t("error"), { description: errorText(error) });
    }
  }, [t, router, errorText]);
  const deleteContact = useDeleteContact(() => void refresh());

  const add = () => {
    // At the limit the upgrade prompt shows instead of the form (the server checks again).
    if (contacts.length >= contactLimit) {
      setUpgradeOpen(true);
      return;
    }
    setEditing(undefined);
    setFormOpen(true);
  };

  const visible = filterContacts(contacts, query);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
          <p className="text-sm text-muted-foreground" data-testid="contacts-usage">
            {t("usage", { used: contacts.length, limit: contactLimit })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <Upload /> {t("importContacts")}
          </Button>
          <Button onClick={add}>
            <Plus /> {t("addContact")}
          </Button>
        </div>
      </header>

      <div className="relative max-w-md">
        <Search
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label={t("searchLabel")}
          placeholder={t("searchPlaceholder")}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setShown(CONTACTS_PAGE_SIZE);
          }}
          className="pl-9"
        />
      </div>

      {visible.length === 0 ? (
        query.trim() ? (
          <EmptyState
            icon={Search}
            title={t("noResultsTitle")}
            description={t("noResultsDescription", { query })}
          />
        ) : (
          <EmptyState
            icon={Users}
            title={t("emptyTitle")}
            description={t("emptyDescription")}
            action={
              <Button onClick={add}>
                <Plus /> {t("addContact")}
              </Button>
            }
          />
        )
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {visible.slice(0, shown).map((contact) => (
              <li key={contact.id}>
                <ContactCard
                  contact={contact}
                  onEdit={() => {
                    setEditing(contact);
                    setFormOpen(true);
                  }}
                  onDelete={() => void deleteContact(contact)}
                  ownerTimezone={ownerTimezone}
                  onChanged={refresh}
                />
              </li>
            ))}
          </ul>
          {visible.length > shown && (
            <Button
              variant="outline"
              className="self-center"
              onClick={() => setShown((count) => count + CONTACTS_PAGE_SIZE)}
            >
              {t("showMore", { shown, total: visible.length })}
            </Button>
          )}
        </>
      )}

      <ContactFormDialog
        open={formOpen}
        onOpenChange={(open) => {
          setFormOpen(open);
          if (!open) setFormFocus(undefined);
        }}
        contact={editing}
        focus={formFocus}
        defaultCountry={defaultCountry}
        ownerTimezone={ownerTimezone}
        ownerLocale={ownerLocale}
        onSaved={refresh}
        onLimitReached={() => setUpgradeOpen(true)}
      />
      <ImportContactsDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={refresh}
        user={{ region: defaultCountry, locale: ownerLocale }}
      />
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} limit="contacts" planType={planType} />
    </div>
  );
}
