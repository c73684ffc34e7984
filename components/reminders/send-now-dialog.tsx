"use client";

import { useLocale, useTranslations } from "next-intl";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import type { SendNowMode } from "@/db/schema/enums";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { cn } from "@/lib/utils";

const WRAPPING = "h-auto min-h-10 whitespace-normal text-center";

/**
 * Send now on a recurring reminder asks what it means: an extra message (the default and the
 * primary button), which leaves the next occurrence as it is, or that next occurrence sent
 * ahead, after which the schedule moves on. `nextRunAt` is shown in the user's zone and language.
 */
export function SendNowDialog({
  open,
  onOpenChange,
  nextRunAt,
  timeZone,
  onChoose,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  nextRunAt: string;
  timeZone: string;
  /** `date`: the next occurrence as shown here. */
  onChoose(mode: SendNowMode, date: string): void;
}) {
  const t = useTranslations("reminders.sendNowDialog");
  const locale = useLocale();
  const date = formatInZone(nextRunAt, "fullDateTime", timeZone, locale);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid="send-now-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("description", { date })}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="space-y-1 text-sm text-muted-foreground">
          <li>
            <span className="font-medium text-foreground">{t("extra")}</span>: {t("extraHint", { date })}
          </li>
          <li>
            <span className="font-medium text-foreground">{t("occurrence", { date })}</span>:{" "}
            {t("occurrenceHint")}
          </li>
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("back")}</AlertDialogCancel>
          {/* The outline look needs its own text colour (the action's white stayed on a white
              button), and the labels, one with a full date, wrap at 375 px. */}
          <AlertDialogAction
            className={cn(buttonVariants({ variant: "outline" }), "text-foreground", WRAPPING)}
            onClick={() => onChoose("occurrence", date)}
          >
            {t("occurrence", { date })}
          </AlertDialogAction>
          <AlertDialogAction className={WRAPPING} onClick={() => onChoose("extra", date)}>
            {t("extra")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
