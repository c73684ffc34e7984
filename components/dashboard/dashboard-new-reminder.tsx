"use client";

import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ReminderDialog } from "@/components/reminders/reminder-dialog";
import type { CallResult } from "@/lib/api-client/call-result";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import type { ContactOption, ReminderUser } from "@/lib/reminders/types";

export type LoadContactOptions = (input: Record<string, never>) => Promise<CallResult<ContactOption[]>>;

/**
 * The dashboard's 'New Reminder': the contacts for the dialog's picker are read when it opens
 * (fresh each time) instead of being rendered into every dashboard page.
 */
export function DashboardNewReminder({
  label,
  user,
  loadContacts,
}: {
  label: string;
  user: ReminderUser;
  loadContacts: LoadContactOptions;
}) {
  const errorText = useApiErrorText();
  const [contacts, setContacts] = useState<ContactOption[] | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  async function openDialog() {
    if (loading) return;
    setLoading(true);
    try {
      const result = await loadContacts({});
      if (!result.ok) {
        toast.error(errorText(result));
        return;
      }
      setContacts(result.data);
      setOpen(true);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      {/* Not disabled while loading: a disabled button drops focus, and the dialog hands focus
          back to its opener when it closes. */}
      <Button onClick={openDialog} aria-busy={loading}>
        <PlusIcon aria-hidden="true" />
        {label}
      </Button>
      {contacts && <ReminderDialog open={open} onOpenChange={setOpen} contacts={contacts} user={user} />}
    </>
  );
}
