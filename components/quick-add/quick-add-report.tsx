"use client";

import { Fragment, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { QuickAddDraft } from "@/lib/quick-add";
import { HIGHLIGHT_CLASS, HighlightSpans } from "./highlight-spans";
import { useQuickAddTexts } from "./use-quick-add-texts";

interface QuickAddReportProps {
  text: string;
  draft: QuickAddDraft;
  recurringAllowed: boolean;
  timeZone: string;
  /** The dialog's chosen contact, to show which candidate is picked. */
  contactId: string;
  onChooseContact(contactId: string): void;
}

/**
 * What a quick-add line filled in, and what it left for the user: a name that is several
 * contacts (which one?), a name no contact has, the parts not understood (marked in the line,
 * each with why) and what was assumed. The summary is announced to screen readers.
 */
export function QuickAddReport(props: QuickAddReportProps) {
  const { text, draft, recurringAllowed, timeZone, contactId, onChooseContact } = props;
  const { t, filledParts, noteText } = useQuickAddTexts(timeZone);
  const questionId = useId();
  const parts = filledParts(draft, recurringAllowed);
  const { contact } = draft;
  const contactLine =
    contact.status === "ambiguous"
      ? t("contactAmbiguous", { name: contact.span.text })
      : contact.status === "unknown"
        ? t("contactUnknown", { name: contact.span.text })
        : contact.status === "none" && draft.recipient.status === "none" && !contactId
          ? t("contactNone")
          : null;
  const notes = draft.notes.map(noteText);
  if (draft.schedule?.scheduleType === "recurring" && !recurringAllowed) notes.push(t("recurringPaid"));
  const headline = parts.length > 0 ? t("filled") : t("nothingFilled");
  const announcement = [
    headline,
    ...parts.map((part) => t("filledLine", { label: part.label, value: part.value })),
    contactLine,
    draft.unknown.length > 0 ? t("leftCount", { count: draft.unknown.length }) : null,
    ...notes,
  ]
    .filter(Boolean)
    .join(" ");

  // A live region announces changes, not what it is born with: it mounts empty and is filled
  // after, so a report the dialog opens with is read out too.
  const live = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (live.current) live.current.textContent = announcement;
  }, [announcement]);

  return (
    <div
      className="grid min-w-0 gap-2 rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="quick-add-report"
    >
      <p ref={live} className="sr-only" aria-live="polite" />
      <p className="font-medium">{headline}</p>
      {parts.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          {parts.map((part) => (
            <Fragment key={part.key}>
              <dt className="text-muted-foreground">{part.label}</dt>
              <dd className="break-words" data-testid={`quick-add-${part.key}`}>
                {part.value}
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
      {contact.status === "ambiguous" ? (
        <div role="group" aria-labelledby={questionId} className="grid gap-2">
          <p id={questionId}>{contactLine}</p>
          <div className="flex flex-wrap gap-2">
            {contact.candidates.map((candidate) => (
              <Button
                key={candidate.id}
                type="button"
                size="sm"
                variant={contactId === candidate.id ? "default" : "outline"}
                aria-pressed={contactId === candidate.id}
                onClick={() => onChooseContact(candidate.id)}
              >
                {candidate.name}
              </Button>
            ))}
          </div>
        </div>
      ) : (
        contactLine && <p data-testid="quick-add-contact-problem">{contactLine}</p>
      )}
      {draft.unknown.length > 0 && (
        <div className="grid gap-1" data-testid="quick-add-unknown">
          <p className="font-medium">{t("leftForYou")}</p>
          <p className="break-words text-muted-foreground">
            <HighlightSpans text={text} spans={draft.unknown} />
          </p>
          <ul className="list-disc space-y-0.5 ps-5">
            {draft.unknown.map((part) => (
              <li key={part.start} className="break-words">
                {/* French puts a space before the colon: the catalogue writes the line. */}
                {t.rich("unknownLine", {
                  text: part.text,
                  reason: t(`reasons.${part.reason}`),
                  part: (chunks) => <mark className={HIGHLIGHT_CLASS}>{chunks}</mark>,
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {notes.length > 0 && (
        <ul className="list-disc space-y-0.5 ps-5 text-muted-foreground" data-testid="quick-add-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
