"use client";

import { PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadMoreList } from "@/components/ui/load-more-list";
import { useCan } from "@/components/layout/permissions";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ReminderPage } from "@/lib/reminders/list-reminders";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import type { ContactOption, ReminderUser } from "@/lib/reminders/types";
import { ReminderDialog } from "./reminder-dialog";
import { ReminderRow } from "./reminder-row";
import { useReminderActions } from "./use-reminder-actions";
import { useKeysetPages } from "@/lib/api-client/use-keyset-pages";

const TABS = ["all", "scheduled", "sent", "failed"] as const;
type Tab = (typeof TABS)[number];

/** The Reminders screen: New Reminder, All/Scheduled/Sent/Failed, rows with their actions. */
export function RemindersScreen({
  user,
  contacts,
  firstPage,
  openNew = false,
  newContactId,
}: {
  user: ReminderUser;
  contacts: ContactOption[];
  firstPage: ReminderPage;
  openNew?: boolean;
  newContactId?: string;
}) {
  const t = useTranslations("reminders");
  const canWrite = useCan("write");
  const [tab, setTab] = useState<Tab>("all");
  // ?new=1 opens the dialog only for a role that may save what it holds.
  const [dialogOpen, setDialogOpen] = useState(openNew && canWrite);
  const [editing, setEditing] = useState<ReminderDto | undefined>();

  // ?new=1&contactId= did its job once the dialog is open: a reload or a shared link should not
  // open it again (Next's router follows history.replaceState).
  useEffect(() => {
    if (!openNew) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("new");
    url.searchParams.delete("contactId");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [openNew]);
  const pages = useKeysetPages<ReminderDto>(
    `/api/reminders?${new URLSearchParams({ status: tab })}`,
    tab === "all" ? firstPage : null,
  );
  const actions = useReminderActions(pages.reload);

  const openCreate = () => {
    setEditing(undefined);
    setDialogOpen(true);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </div>
        {canWrite && (
          <Button onClick={openCreate}>
            <PlusIcon aria-hidden="true" />
            {t("newReminder")}
          </Button>
        )}
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList>
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab} className="space-y-4">
          <LoadMoreList pages={pages} empty={t("empty")} className="space-y-3">
            {(reminder) => (
              <ReminderRow
                key={reminder.id}
                reminder={reminder}
                timeZone={user.timezone}
                actions={{
                  ...actions,
                  edit: (r) => {
                    setEditing(r);
                    setDialogOpen(true);
                  },
                }}
              />
            )}
          </LoadMoreList>
        </TabsContent>
      </Tabs>
      <ReminderDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        contacts={contacts}
        user={user}
        reminder={editing}
        initialContactId={editing ? undefined : newContactId}
        onSaved={pages.reload}
      />
    </div>
  );
}
