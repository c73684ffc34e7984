"use client";

import { useState } from "react";
import type { QuickAddDraft } from "@/lib/quick-add";
import { QuickAddLine, type QuickAddResult } from "./quick-add-line";
import { QuickAddReport } from "./quick-add-report";

/**
 * The quick-add line at the top of the reminder dialog, with its report: each line read fills
 * the form (`onFill`); the dialog's own save is still the only way anything is saved.
 */
export function QuickAddPanel({
  start,
  recurringAllowed,
  timeZone,
  contactId,
  onFill,
  onChooseContact,
}: {
  /** A line already read (the dashboard's), shown as the dialog opens. */
  start?: QuickAddResult;
  recurringAllowed: boolean;
  timeZone: string;
  contactId: string;
  onFill(draft: QuickAddDraft): void;
  onChooseContact(contactId: string): void;
}) {
  // Counted so that a line read again (even to the same words) is announced again.
  const [shown, setShown] = useState(start ? { result: start, count: 0 } : null);
  return (
    <div className="grid min-w-0 gap-3 border-b pb-4">
      <QuickAddLine
        id="quick-add-dialog"
        initialText={start?.text}
        onRead={(result) => {
          setShown((last) => ({ result, count: (last?.count ?? 0) + 1 }));
          onFill(result.reading.draft);
        }}
      />
      {shown && (
        <QuickAddReport
          key={shown.count}
          text={shown.result.text}
          draft={shown.result.reading.draft}
          recurringAllowed={recurringAllowed}
          timeZone={timeZone}
          contactId={contactId}
          onChooseContact={onChooseContact}
        />
      )}
    </div>
  );
}
