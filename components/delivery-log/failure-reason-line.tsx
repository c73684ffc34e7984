"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { FailureReason } from "@/lib/channels/failure-reasons";
import { cn } from "@/lib/utils";

/**
 * A failure in one line: the plain words, the action that fixes it (a link when it is done on
 * a page; Retry has its own button) and the raw code beside them.
 */
export function FailureReasonLine({ reason, className }: { reason: FailureReason; className?: string }) {
  const t = useTranslations("deliveryLog");
  const words = t(reason.messageKey as "reasons.unknown");
  const action = reason.action === "none" || reason.action === "retry" ? null : reason.action;
  return (
    <p className={cn("text-sm text-red-800 dark:text-red-200", className)} data-testid="failure-reason">
      <span>{t("whyFailed", { reason: words })}</span>
      {action && (
        <>
          {" "}
          {reason.actionHref ? (
            <Link href={reason.actionHref} className="font-medium underline underline-offset-4">
              {t(`actions.${action}`)}
            </Link>
          ) : (
            <span className="font-medium">{t(`actions.${action}`)}.</span>
          )}
        </>
      )}{" "}
      <code className="rounded bg-muted px-1 text-xs text-muted-foreground">
        {t("rawCode", { code: reason.rawCode })}
      </code>
    </p>
  );
}
