"use client";

import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { DeliveryEntry } from "@/lib/activity/to-delivery-entry";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import { WithdrawLinkButton } from "./withdraw-link-button";
import { FailureReasonLine } from "./failure-reason-line";
import { ConfirmationBadge, DeliveryReplies } from "./delivery-replies";
import type { ReplyEntry } from "@/lib/activity/with-replies";
import type { FailureReasonCode } from "@/lib/channels/failure-reasons";

/** Engine decisions whose own words say more than their reason (the channels, the date). */
const DETAILED: ReadonlySet<FailureReasonCode> = new Set(["contact_refused_channel", "contact_paused"]);

/**
 * One delivery: when it was due, its status, channel and address, every attempt time we
 * keep, and for a failure the reason, the fix and the provider's own words and code. A call
 * also says how it ended (answered, left on voicemail) and how many calls were placed.
 */
export function DeliveryEntryItem({
  entry,
  timeZone,
  showContact = false,
}: {
  entry: DeliveryEntry & { replies?: ReplyEntry[] };
  timeZone: string;
  showContact?: boolean;
}) {
  const t = useTranslations("deliveryLog");
  const tr = useTranslations("replies");
  const locale = useLocale();
  const at = (iso: string) => formatInZone(iso, "fullDateTime", timeZone, locale);
  const times = [
    entry.firstAttemptAt && entry.attemptCount > 1
      ? t("firstAttempt", { time: at(entry.firstAttemptAt) })
      : null,
    entry.lastAttemptAt ? t("lastAttempt", { time: at(entry.lastAttemptAt) }) : null,
    entry.status === "queued" && entry.nextAttemptAt
      ? t("nextAttempt", { time: at(entry.nextAttemptAt) })
      : null,
    entry.sentAt ? t("sentAt", { time: at(entry.sentAt) }) : null,
    entry.deliveredAt ? t("deliveredAt", { time: at(entry.deliveredAt) }) : null,
    entry.playedAt ? t("playedAt", { time: at(entry.playedAt) }) : null,
  ].filter((value): value is string => value !== null);
  return (
    <li className="space-y-1.5 rounded-lg border p-3" data-testid="delivery-entry">
      <div className="flex flex-wrap items-center gap-2">
        {showContact && entry.contactName && <span className="font-medium">{entry.contactName}</span>}
        <time
          dateTime={entry.occurrenceAt}
          className={showContact ? "text-sm text-muted-foreground" : "font-medium"}
        >
          {at(entry.occurrenceAt)}
        </time>
        <DeliveryStatusBadge entry={entry} timeZone={timeZone} locale={locale} />
        {/* Beside sent or delivered: the recipient opened the link and played the clip. */}
        {entry.playedAt && (
          <Badge
            variant="outline"
            className="border-transparent bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100"
            data-status="played"
            title={t("playedAt", { time: at(entry.playedAt) })}
          >
            {t("status.played")}
          </Badge>
        )}
        <Badge variant="outline">{t(`channels.${entry.channel}`)}</Badge>
        {entry.callOutcome && (
          <Badge variant="secondary" data-testid="call-outcome" data-outcome={entry.callOutcome}>
            {t(`callOutcome.${entry.callOutcome}`)}
          </Badge>
        )}
        {entry.extra && <Badge variant="secondary">{t("extraMessage")}</Badge>}
        {entry.confirmation && <ConfirmationBadge state={entry.confirmation} />}
      </div>
      {entry.snoozedFromId !== null && (
        <p className="text-xs text-muted-foreground">
          {tr(entry.channel === "call" ? "snoozedFromCall" : "snoozedFrom")}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        {t("recipient", { address: entry.recipient ?? t("noAddress") })}
        {/* A call counts the calls placed (each retry after no answer is one); others their attempts. */}
        {entry.callsPlaced !== null ? (
          <span data-testid="calls-placed"> · {t("callsPlaced", { count: entry.callsPlaced })}</span>
        ) : (
          entry.attemptCount > 0 && <> · {t("attempts", { count: entry.attemptCount })}</>
        )}
      </p>
      {times.length > 0 && <p className="text-xs text-muted-foreground">{times.join(" · ")}</p>}
      {entry.requestedChannel && entry.requestedChannel !== entry.channel && (
        <p className="text-sm text-muted-foreground" data-testid="channel-switched">
          {t("switched", { channel: entry.channel, requested: entry.requestedChannel })}
        </p>
      )}
      {entry.reason && <FailureReasonLine reason={entry.reason} />}
      {/* The provider's own words; engine decisions (opted_out, quota...) are already said above,
          but for those whose words carry more (the channels the contact accepts, until when). */}
      {entry.reason &&
        (entry.reason.rawCode !== entry.reason.code || DETAILED.has(entry.reason.code)) &&
        entry.providerMessage && (
          <p className="text-xs break-words text-muted-foreground">{entry.providerMessage}</p>
        )}
      {entry.playback && <WithdrawLinkButton deliveryId={entry.id} playback={entry.playback} />}
      {entry.replies && <DeliveryReplies replies={entry.replies} timeZone={timeZone} />}
    </li>
  );
}
