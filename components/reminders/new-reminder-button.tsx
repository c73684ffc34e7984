"use client";

import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/layout/permissions";
import type { ContactOption, ReminderUser } from "@/lib/reminders/types";
import { ReminderDialog } from "./reminder-dialog";

/**
 * A 'New Reminder' button that opens the create dialog (open at once when a link asked); nothing
 * for a role that may not write.
 */
export function NewReminderButton({
  label,
  contacts,
  user,
  defaultOpen = false,
  initialContactId,
  variant = "default",
}: {
  label: string;
  contacts: ContactOption[];
  user: ReminderUser;
  defaultOpen?: boolean;
  initialContactId?: string;
  variant?: "default" | "outline";
}) {
  const canWrite = useCan("write");
  const [open, setOpen] = useState(defaultOpen);
  if (!canWrite) return null;
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        <PlusIcon aria-hidden="true" />
        {label}
      </Button>
      <ReminderDialog
        open={open}
        onOpenChange={setOpen}
        contacts={contacts}
        user={user}
        initialContactId={initialContactId}
      />
    </>
  );
}
