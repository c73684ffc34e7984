import "server-only";
import { PARTITION_MONTHS_AHEAD, RETENTION_FAMILIES, type RetentionFamily } from "@/config/retention";
import { env } from "@/lib/env";

/** The retention catalogue with this deployment's settings (config/retention.ts, lib/env.ts). */
export interface RetentionPolicy {
  monthsAhead: number;
  families: { family: RetentionFamily; keep: { unit: "months" | "days"; value: number } }[];
}

const SETTINGS: Record<RetentionFamily["name"], number> = {
  deliveries: env.DELIVERY_RETENTION_MONTHS,
  // One setting for both: the trail is kept as long as the deliveries (config/retention.ts).
  trail: env.DELIVERY_RETENTION_MONTHS,
  webhooks: env.WEBHOOK_RETENTION_DAYS,
  outbox: env.OUTBOX_RETENTION_DAYS,
};

export function retentionPolicy(): RetentionPolicy {
  return {
    monthsAhead: env.PARTITION_MONTHS_AHEAD ?? PARTITION_MONTHS_AHEAD.fallback,
    families: RETENTION_FAMILIES.map((family) => ({
      family,
      keep: { unit: family.keep.unit, value: SETTINGS[family.name] },
    })),
  };
}
