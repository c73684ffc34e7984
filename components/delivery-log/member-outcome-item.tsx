"use client";

import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { ConfirmationState, DeliveryMethod, DeliveryStatus } from "@/db/schema/enums";
import { failureReason, SKIP_CODES } from "@/lib/channels/failure-reasons";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { ConfirmationBadge } from "./delivery-replies";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import { FailureReasonLine } from "./failure-reason-line";

/** One step of a member's chain for the latest occurrence (GET /api/reminders/{id}/members). */
export interface MemberStep {
  channel: DeliveryMethod;
  /** The step's own channel when the contact's choices sent it by `channel` instead. */
  requestedChannel?: DeliveryMethod | null;
  status: DeliveryStatus;
  error: string | null;
  errorCode: string | null;
  confirmation: ConfirmationState | null;
  playedAt: string | null;
  sentAt: string | null;
  /** Held for quiet hours: when it will be sent. Queued after an error: the next attempt. */
  nextAttemptAt: string | null;
  fallbackStep: number;
}

export interface MemberOutcome {
  contactId: string;
  name: string;
  /** The member's own reminder: 'cancelled' once they left the group (their history stays). */
  status: string;
  deliveries: MemberStep[];
}

/** A step as the status badge reads it: a refusal before any send is 'skipped', with its reason. */
function displayOf(step: MemberStep) {
  const explained =
    step.status === "failed" ||
    step.status === "queued" ||
    (step.status === "held" && step.errorCode === "contact_window");
  const reason = explained ? failureReason(step.channel, step.errorCode) : null;
  const skipped = step.status === "failed" && reason !== null && SKIP_CODES.has(reason.code);
  return { status: skipped ? ("skipped" as const) : step.status, nextAttemptAt: step.nextAttemptAt, reason };
}

/**
 * One member of a group reminder: their name as a heading, then each channel tried for the
 * latest occurrence, in chain order, with its status in words, the confirmation, whether the
 * clip was played, and for a failure the reason and its fix.
 */
export function MemberOutcomeItem({ member, timeZone }: { member: MemberOutcome; timeZone: string }) {
  const t = useTranslations("deliveryLog");
  const g = useTranslations("groupReminders.history");
  const locale = useLocale();
  const steps = [...member.deliveries].sort((a, b) => a.fallbackStep - b.fallbackStep);
  return (
    <li className="space-y-2 rounded-lg border p-3" data-testid="member-outcome">
      <h4 className="font-medium">{member.name}</h4>
      {member.status === "cancelled" && (
        <p className="text-sm text-muted-foreground" data-testid="member-stopped">
          {g("stopped")}
        </p>
      )}
      {steps.length === 0 ? (
        <p className="text-sm text-muted-foreground">{g("nothingYet")}</p>
      ) : (
        <ol className="space-y-2">
          {steps.map((step) => {
            const display = displayOf(step);
            return (
              <li key={step.fallbackStep} className="space-y-1" data-testid="member-step">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="sr-only">{g("step", { number: step.fallbackStep + 1 })}</span>
                  <Badge variant="outline">{t(`channels.${step.channel}`)}</Badge>
                  <DeliveryStatusBadge entry={display} timeZone={timeZone} locale={locale} />
                  {step.confirmation && <ConfirmationBadge state={step.confirmation} />}
                  {step.playedAt && (
                    <Badge
                      variant="outline"
                      className="border-transparent bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100"
                      data-status="played"
                    >
                      {t("status.played")}
                    </Badge>
                  )}
                  {step.sentAt && (
                    <span className="text-xs text-muted-foreground">
                      {t("sentAt", { time: formatInZone(step.sentAt, "fullDateTime", timeZone, locale) })}
                    </span>
                  )}
                </div>
                {step.requestedChannel && step.requestedChannel !== step.channel && (
                  <p className="text-sm text-muted-foreground" data-testid="channel-switched">
                    {t("switched", { channel: step.channel, requested: step.requestedChannel })}
                  </p>
                )}
                {display.reason && <FailureReasonLine reason={display.reason} />}
              </li>
            );
          })}
        </ol>
      )}
    </li>
  );
}
