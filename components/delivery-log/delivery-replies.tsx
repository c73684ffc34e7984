"use client";

import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { ConfirmationState } from "@/db/schema/enums";
import type { ReplyEntry } from "@/lib/activity/with-replies";
import { formatInZone } from "@/lib/reminders/format-in-zone";

/** Where a delivery that asked for a confirmation stands: awaiting, confirmed, declined, snoozed. */
export function ConfirmationBadge({ state }: { state: ConfirmationState }) {
  const t = useTranslations("replies");
  const variant = state === "confirmed" ? "default" : state === "declined" ? "destructive" : "secondary";
  return (
    <Badge variant={variant} data-testid="confirmation-badge">
      {t(`confirmationStates.${state}`)}
    </Badge>
  );
}

/**
 * The recipient's replies to one delivery, oldest first, each with what it did in words; a key
 * pressed on a call (its body is the digit) reads "Pressed 1".
 */
export function DeliveryReplies({ replies, timeZone }: { replies: ReplyEntry[]; timeZone: string }) {
  const t = useTranslations("replies");
  const locale = useLocale();
  if (replies.length === 0) return null;
  return (
    <div className="text-sm">
      <p className="font-medium">{t("repliesTitle")}</p>
      <ul className="list-disc space-y-0.5 pl-5" data-testid="delivery-replies">
        {replies.map((r) => (
          <li key={r.id} className="break-words">
            {t(r.channel === "call" ? "keyLine" : "replyLine", {
              time: formatInZone(r.receivedAt, "fullDateTime", timeZone, locale),
              body: r.body,
              action: t(`replyActions.${r.action}`),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
