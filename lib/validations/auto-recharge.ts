import { z } from "zod";
import { CREDIT_PACKAGES } from "@/config/plans";

/** The billing page's auto-recharge form and its server action. */
export const autoRechargeSchema = z
  .object({
    enabled: z.boolean(),
    packageIndex: z.coerce
      .number()
      .int()
      .min(0, "Unknown credit package")
      .max(CREDIT_PACKAGES.length - 1, "Unknown credit package"),
    thresholdCents: z.coerce
      .number()
      .int("Threshold must be whole cents")
      .min(100, "Threshold must be at least $1.00")
      .max(100_000, "Threshold must be at most $1,000.00"),
  })
  .strict();

export type AutoRechargeInput = z.output<typeof autoRechargeSchema>;
