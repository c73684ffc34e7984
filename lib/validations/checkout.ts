import { z } from "zod";
import { CREDIT_PACKAGES, MAX_EXTRA_SEATS, PLANS } from "@/config/plans";
import { PAYMENT_FREQUENCIES, PLAN_TYPES } from "@/db/schema/enums";

const packageIndex = z.coerce
  .number({ message: "Credit package must be a number" })
  .int("Credit package must be a whole number")
  .min(0, "Unknown credit package")
  .max(CREDIT_PACKAGES.length - 1, "Unknown credit package");

/**
 * POST /api/create-checkout-session and the /checkout page's query.
 * Only plans sold for money can be bought, each in the periods the catalogue prices.
 */
export const checkoutSchema = z
  .object({
    planType: z.enum(PLAN_TYPES, { message: `Unknown plan; expected one of ${PLAN_TYPES.join(", ")}` }),
    paymentFrequency: z
      .enum(PAYMENT_FREQUENCIES, {
        message: `Unknown billing period; expected one of ${PAYMENT_FREQUENCIES.join(", ")}`,
      })
      .default("monthly"),
    creditPackageIndex: packageIndex.optional(),
    /** Members beyond the plan's own: the quantity of the seat price on the subscription. */
    extraSeats: z.coerce
      .number({ message: "Extra members must be a number" })
      .int("Extra members must be a whole number")
      .min(0, "Extra members cannot be negative")
      .max(MAX_EXTRA_SEATS, `At most ${MAX_EXTRA_SEATS} extra members at once`)
      .default(0),
  })
  .strict()
  .superRefine((input, ctx) => {
    const plan = PLANS[input.planType];
    if (input.planType === "payg") {
      if (input.creditPackageIndex === undefined) {
        ctx.addIssue({ code: "custom", path: ["creditPackageIndex"], message: "Choose a credit package" });
      }
      if (input.extraSeats > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["extraSeats"],
          message: "Extra members come with a plan, not with credits",
        });
      }
      return;
    }
    if (!plan.purchasable || (plan.prices.monthly?.priceCents ?? 0) === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["planType"],
        message: `The ${input.planType} plan cannot be bought`,
      });
      return;
    }
    if (!plan.prices[input.paymentFrequency]) {
      ctx.addIssue({
        code: "custom",
        path: ["paymentFrequency"],
        message: `The ${input.planType} plan is not sold ${input.paymentFrequency}`,
      });
    }
    if (input.extraSeats > 0 && !plan.extraSeats) {
      ctx.addIssue({
        code: "custom",
        path: ["extraSeats"],
        message: `The ${input.planType} plan has no extra members; choose a bigger plan`,
      });
    }
  });

export type CheckoutInput = z.output<typeof checkoutSchema>;
