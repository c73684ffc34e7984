"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { SKIP_CODES } from "@/lib/channels/failure-reasons";
import type { DeliveryEntry, DisplayStatus } from "@/lib/activity/to-delivery-entry";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { cn } from "@/lib/utils";

const COLOURS: Record<string, string> = {
  queued: "bg-muted text-foreground",
  held: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  sending: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  sent: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  delivered: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  skipped: "bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100",
};

/** Each status in words without a value ('skipped' without a skip code cannot come from toDeliveryEntry). */
const PLAIN = {
  queued: "status.queued",
  held: "status.held",
  sending: "status.sending",
  sent: "status.sent",
  delivered: "status.delivered",
  failed: "status.failed",
  skipped: "status.failed",
} as const satisfies Record<DisplayStatus, string>;

/**
 * A delivery's status in words: 'Held for quiet hours until 08:00' (or only 'Held for quiet hours'
 * when the release time is not known; 'Held for the contact's hours…' for their own window),
 * 'Skipped: opted out'...
 */
export function DeliveryStatusBadge({
  entry,
  timeZone,
  locale,
}: {
  entry: Pick<DeliveryEntry, "status" | "nextAttemptAt" | "reason">;
  timeZone: string;
  locale: string;
}) {
  const t = useTranslations("deliveryLog");
  let label: string;
  // Held for the contact's own hours (their preferences) rather than quiet hours.
  const contactHours = entry.status === "held" && entry.reason?.code === "contact_window";
  if (entry.status === "held" && entry.nextAttemptAt) {
    const time = formatInZone(entry.nextAttemptAt, "time", timeZone, locale);
    label = t(contactHours ? "status.heldForContactUntil" : "status.heldUntil", { time });
  } else if (contactHours) {
    label = t("status.heldForContact");
  } else if (entry.status === "skipped" && entry.reason && SKIP_CODES.has(entry.reason.code)) {
    label = t("status.skipped", { reason: t(`skip.${entry.reason.code as "opted_out"}`) });
  } else {
    label = t(PLAIN[entry.status]);
  }
  return (
    <Badge
      variant="outline"
      className={cn("border-transparent whitespace-normal", COLOURS[entry.status])}
      data-status={entry.status}
    >
      {label}
    </Badge>
  );
}
