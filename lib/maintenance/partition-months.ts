/**
 * Calendar months (UTC) as the partitioned logs are cut: a partition `<table>_YYYY_MM` holds the
 * rows whose key lies in [first instant of the month, first instant of the next).
 */
export interface Month {
  year: number;
  /** 1 to 12. */
  month: number;
}

export const monthOf = (at: Date): Month => ({ year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 });

export const addMonths = ({ year, month }: Month, n: number): Month => {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/** The month's first instant. */
export const monthStart = ({ year, month }: Month): Date => new Date(Date.UTC(year, month - 1, 1));

/** `2026_11`: the suffix of the month's partitions. */
export const monthSuffix = ({ year, month }: Month): string =>
  `${String(year).padStart(4, "0")}_${String(month).padStart(2, "0")}`;

/** The month a partition name ends with (`deliveries_2026_11`), or null (the default partition). */
export function monthOfPartition(table: string, partition: string): Month | null {
  const match = new RegExp(`^${table}_(\\d{4})_(\\d{2})$`).exec(partition);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

/**
 * The instant before which rows are past retention: `keep` months or days before `now`. A month
 * partition is dropped once it ends at or before it, so no row is dropped younger than `keep`
 * (and none is kept more than a month past it).
 */
export function retentionCutoff(now: Date, keep: { unit: "months" | "days"; value: number }): Date {
  if (keep.unit === "days") return new Date(now.getTime() - keep.value * 86_400_000);
  const cutoff = new Date(now);
  // setUTCMonth overflows the day (31 March - 1 month = 3 March); clamp to the month's last day.
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - keep.value);
  const last = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, last));
  return cutoff;
}

/** Whether a month ends at or before `cutoff`. */
export const monthExpired = (month: Month, cutoff: Date): boolean =>
  monthStart(addMonths(month, 1)).getTime() <= cutoff.getTime();
