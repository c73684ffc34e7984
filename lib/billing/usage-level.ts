import "server-only";
import { LOW_BALANCE_CENTS } from "@/config/plans";

export type UsageLevel = "ok" | "warning" | "reached";

/** A warning from 80% up to below 100%, the limit reached at 100% or more. */
export function usageLevel(used: number, limit: number): UsageLevel {
  if (limit <= 0) return used > 0 ? "reached" : "ok";
  const ratio = used / limit;
  if (ratio >= 1) return "reached";
  if (ratio >= 0.8) return "warning";
  return "ok";
}

/** Whole percent used, for 'You've used N% of ...'. */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.floor((used / limit) * 100);
}

/** Pay-as-you-go balance under $5.00 shows 'Low Balance'. */
export const isLowBalance = (balanceCents: number) => balanceCents < LOW_BALANCE_CENTS;
