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
  const [shown, setShown] = useState<QuickAddResult | null>(start ?? null);
  return (
    <div className="grid min-w-0 gap-3 border-b pb-4">
      <QuickAddLine
        id="quick-add-dialog"
        initialText={start?.text}
        onRead={(result) => {
          setShown(result);
          onFill(result.reading.draft);
        }}
      />
      {shown && (
        <QuickAddReport
          text={shown.text}
          draft={shown.reading.draft}
          recurringAllowed={recurringAllowed}
          timeZone={timeZone}
          contactId={contactId}
          onChooseContact={onChooseContact}
        />
      )}
    </div>
  );
}
