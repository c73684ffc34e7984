import type { ScheduleView } from "@/lib/validations/calendar";

/** The Schedule's address for a view and its day (read back by `scheduleSearchSchema`). */
export function scheduleHref(view: ScheduleView, date?: string): string {
  if (view === "list") return "/schedule";
  const params = new URLSearchParams({ view });
  if (date) params.set("date", date);
  return `/schedule?${params}`;
}
