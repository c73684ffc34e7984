import { z } from "zod";
import { CREDIT_PACKAGES, PLANS } from "@/config/plans";
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
  })
  .superRefine((input, ctx) => {
    const plan = PLANS[input.planType];
    if (input.planType === "payg") {
      if (input.creditPackageIndex === undefined) {
        ctx.addIssue({ code: "custom", path: ["creditPackageIndex"], message: "Choose a credit package" });
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
  });

export type CheckoutInput = z.output<typeof checkoutSchema>;
