"use client";

import { useTranslations } from "next-intl";
import { OCCURRENCE_STATUSES } from "@/lib/calendar/occurrence-status";
import { cn } from "@/lib/utils";
import { STATUS_STYLES } from "./occurrence-button";

/** What the occurrences' colours and icons mean: each status's swatch, icon and word. */
export function StatusLegend() {
  const t = useTranslations("schedule.calendar");
  const reminders = useTranslations("reminders");
  return (
    <ul aria-label={t("legend")} className="flex flex-wrap gap-2 text-xs" data-testid="calendar-legend">
      {OCCURRENCE_STATUSES.map((status) => {
        const { className, Icon } = STATUS_STYLES[status];
        return (
          <li
            key={status}
            data-status={status}
            className={cn("flex items-center gap-1 rounded-md border-l-4 px-2 py-0.5", className)}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            {reminders(`status.${status}`)}
          </li>
        );
      })}
    </ul>
  );
}
