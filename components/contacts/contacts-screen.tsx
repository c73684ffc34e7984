"use client";

import { useCallback, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { UpgradeDialog } from "@/components/upgrade/upgrade-dialog";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/layout/permissions";
import type { PlanType } from "@/db/schema/enums";
import type { CountryCode } from "libphonenumber-js";
import type { Locale } from "@/i18n/locales";
import { filterContacts, type ContactView } from "@/lib/contacts/contact-view";
import { apiRequest } from "@/lib/api-client/request";
import { AddToGroupDialog } from "./add-to-group-dialog";
import { ContactCard } from "./contact-card";
import { ContactFormDialog } from "./contact-form-dialog";
import { ContactsHeader } from "./contacts-header";
import type { ContactFormFocus } from "./contact-form-focus";
import { ContactSelectionBar, SELECT_ALL_ID } from "./contact-selection-bar";
import { ContactsToolbar, SELECT_MODE_ID } from "./contacts-toolbar";
import { useDeleteContact } from "./use-delete-contact";
import { ContactsEmptyState } from "./contacts-empty-state";
import { fetchGroups, type GroupView } from "./group-calls";
import { ImportContactsDialog } from "./import-contacts-dialog";
import { ManageGroupsDialog } from "./manage-groups-dialog";
import { useContactSelection } from "./use-contact-selection";
import { useRemoveFromGroup } from "./use-remove-from-group";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

// Cards rendered at first and added per "Show more": the server-rendered page carries these
// cards, not one per contact (a thousand cards were megabytes of HTML); search covers them all.
export const CONTACTS_PAGE_SIZE = 48;

export interface ContactsScreenProps {
  initialContacts: ContactView[];
  initialGroups: GroupView[];
  /** `?group=<id>`, one of the user's groups: the list starts filtered by it. */
  initialGroupId?: string | null;
  planType: PlanType;
  contactLimit: number;
  defaultCountry?: CountryCode;
  ownerTimezone: string;
  ownerLocale: Locale;
  /** A contact's form to open at once, at a field (a reminder dialog's fix link). */
  openForm?: { contactId: string; field?: ContactFormFocus };
}

/** The filter in the address (`?group=<id>`), without a round trip to the server. */
function showGroupInUrl(groupId: string | null) {
  const url = new URL(window.location.href);
  if (groupId) url.searchParams.set("group", groupId);
  else url.searchParams.delete("group");
  window.history.replaceState(null, "", url);
}

/**
 * The Contacts screen (`/contacts`). A role that may not write (a viewer) reads the same cards
 * without Add, Import, Manage groups, Select mode or any card's actions.
 */
export function ContactsScreen({
  initialContacts,
  initialGroups,
  initialGroupId = null,
  planType,
  contactLimit,
  defaultCountry,
  ownerTimezone,
  ownerLocale,
  openForm,
}: ContactsScreenProps) {
  const t = useTranslations("contacts");
  const errorText = useApiErrorText();
  const canWrite = useCan("write");
  const [contacts, setContacts] = useState(initialContacts);
  const [groups, setGroups] = useState(initialGroups);
  const [groupId, setGroupId] = useState(initialGroupId);
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState(CONTACTS_PAGE_SIZE);
  // ?edit= opens the form only for a role that may save it.
  const [editing, setEditing] = useState(() =>
    canWrite ? initialContacts.find((c) => c.id === openForm?.contactId) : undefined,
  );
  const [formOpen, setFormOpen] = useState(editing !== undefined);
  const [formFocus, setFormFocus] = useState(editing && openForm?.field);
  const [importOpen, setImportOpen] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);

  // A group deleted elsewhere leaves the filter: every contact shows.
  const activeGroup = groups.find((group) => group.id === groupId) ?? null;
  const visible = useMemo(
    () =>
      filterContacts(
        activeGroup ? contacts.filter((c) => c.groupIds.includes(activeGroup.id)) : contacts,
        query,
      ),
    [contacts, activeGroup, query],
  );
  const visibleIds = useMemo(() => visible.map((c) => c.id), [visible]);
  const selection = useContactSelection(visibleIds);
  const { keepOnly } = selection;

  const router = useRouter();
  const refresh = useCallback(async () => {
    // The shell's counts (sidebar contacts badge) are server-rendered in the layout: re-render it too.
    router.refresh();
    try {
      const [list, groupList] = await Promise.all([
        apiRequest<ContactView[]>("GET", "/api/contacts"),
        fetchGroups(),
      ]);
      setContacts(list);
      keepOnly(new Set(list.map((c) => c.id)));
      if (groupList.ok) setGroups(groupList.data);
    } catch (error) {
      toast.error(t("error"), { description: errorText(error) });
    }
  }, [t, router, errorText, keepOnly]);
  const deleteContact = useDeleteContact(() => void refresh());
  const removeFromGroup = useRemoveFromGroup(refresh);

  const add = () => {
    // At the limit the upgrade prompt shows instead of the form (the server checks again).
    if (contacts.length >= contactLimit) {
      setUpgradeOpen(true);
      return;
    }
    setEditing(undefined);
    setFormOpen(true);
  };

  const showGroup = (next: string | null) => {
    setGroupId(next);
    setShown(CONTACTS_PAGE_SIZE);
    // What was chosen in one group is not carried into another.
    selection.clear();
    showGroupInUrl(next);
  };

  const removeSelected = async () => {
    if (!activeGroup) return;
    const ids = contacts
      .filter((c) => selection.selected.has(c.id) && c.groupIds.includes(activeGroup.id))
      .map((c) => c.id);
    if (ids.length === 0) return;
    if (!(await removeFromGroup(activeGroup, ids))) return;
    // They left the list, and their checkboxes with them: focus stays in the bar.
    selection.forget(ids);
    document.getElementById(SELECT_ALL_ID)?.focus();
  };

  return (
    <div className="flex flex-col gap-6">
      <ContactsHeader
        used={contacts.length}
        limit={contactLimit}
        actions={
          canWrite
            ? { onGroups: () => setGroupsOpen(true), onImport: () => setImportOpen(true), onAdd: add }
            : undefined
        }
      />

      <ContactsToolbar
        query={query}
        onQueryChange={(next) => {
          setQuery(next);
          setShown(CONTACTS_PAGE_SIZE);
        }}
        groups={groups}
        groupId={activeGroup?.id ?? null}
        onGroupChange={showGroup}
        totalCount={contacts.length}
        selecting={selection.selecting}
        onSelectingChange={canWrite ? selection.setSelecting : undefined}
      />

      {visible.length === 0 ? (
        <ContactsEmptyState
          query={query}
          group={activeGroup}
          onAdd={canWrite ? add : undefined}
          onShowAll={() => showGroup(null)}
        />
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
                  // In the groups list's order (by name in the user's language), not the ids'.
                  groups={groups.filter((group) => contact.groupIds.includes(group.id))}
                  selection={
                    selection.selecting
                      ? {
                          selected: selection.selected.has(contact.id),
                          onToggle: (on) => selection.toggle(contact.id, on),
                        }
                      : undefined
                  }
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

      {selection.selecting ? (
        <ContactSelectionBar
          count={selection.selected.size}
          shownCount={visible.length}
          allShownSelected={selection.allShownSelected}
          onToggleAll={selection.toggleAll}
          onAdd={() => setAddOpen(true)}
          filterGroupName={activeGroup?.name ?? null}
          onRemove={() => void removeSelected()}
          onDone={() => {
            selection.setSelecting(false);
            document.getElementById(SELECT_MODE_ID)?.focus();
          }}
        />
      ) : null}

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
        groups={groups}
      />
      <AddToGroupDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        groups={groups}
        contactIds={[...selection.selected]}
        onAdded={() => void refresh()}
      />
      <ManageGroupsDialog
        open={groupsOpen}
        onOpenChange={setGroupsOpen}
        groups={groups}
        onChanged={() => void refresh()}
        onShow={showGroup}
        onDeleted={(id) => {
          if (id === groupId) showGroup(null);
        }}
      />
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} limit="contacts" planType={planType} />
    </div>
  );
}
