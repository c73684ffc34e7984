import "server-only";
const DAY_MS = 86_400_000;

/** The ceiling of the days until the trial ends, never below 0. */
export function trialDaysLeft(trialEndDate: Date | null, now: Date): number {
  if (!trialEndDate) return 0;
  return Math.max(0, Math.ceil((trialEndDate.getTime() - now.getTime()) / DAY_MS));
}
