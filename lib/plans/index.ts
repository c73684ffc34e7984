export { getPlan, isPlanType } from "./get-plan";
export { periodOffer, type PeriodOffer } from "./period-offer";
export { maxDiscount } from "./max-discount";
export { formatMoney } from "./format-money";
export { upgradeRank } from "./upgrade-rank";
export { checkoutHref, creditCheckoutHref, pricingAction, type PricingAction } from "./pricing-action";
export { nextPlanOf } from "./next-plan-of";
