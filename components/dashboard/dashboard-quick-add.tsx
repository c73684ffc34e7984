"use client";

import { useState } from "react";
import { ReminderDialog } from "@/components/reminders/reminder-dialog";
import { QuickAddLine, type QuickAddResult } from "@/components/quick-add/quick-add-line";
import type { ReminderUser } from "@/lib/reminders/types";

/**
 * The dashboard's quick-add line: a reminder in plain words opens the New Reminder dialog
 * filled from them, for the user to check and save there (nothing is saved before).
 */
export function DashboardQuickAdd({ user }: { user: ReminderUser }) {
  const [read, setRead] = useState<{ result: QuickAddResult; count: number } | null>(null);
  const [open, setOpen] = useState(false);
  // A new key empties the line once its reminder is saved.
  const [lineKey, setLineKey] = useState(0);
  return (
    <section className="min-w-0 rounded-lg border bg-card p-4">
      <QuickAddLine
        key={lineKey}
        id="quick-add"
        onRead={(result) => {
          setRead((last) => ({ result, count: (last?.count ?? 0) + 1 }));
          setOpen(true);
        }}
      />
      {read && (
        <ReminderDialog
          // Each line read opens a dialog filled from it alone.
          key={read.count}
          open={open}
          onOpenChange={setOpen}
          contacts={read.result.reading.contacts}
          user={user}
          quickAdd={read.result}
          onSaved={() => setLineKey((key) => key + 1)}
        />
      )}
    </section>
  );
}
