import { describe, expect, it } from "vitest";
import { PLANS, PRICING_PLANS } from "@/config/plans";
import { LANDING_FEATURES, featureStartsAt } from "@/components/marketing/landing-feature-list";

describe("the landing's features and the plan each starts from", () => {
  it.each([
    ["voice", "personal"],
    ["video", "starter"],
    ["calls", "personal"],
    ["groups", null],
    ["teams", "starter"],
    ["api", null],
  ] as const)("%s: %s", (key, plan) => {
    const feature = LANDING_FEATURES.find((f) => f.key === key);
    if (!feature) throw new Error(`no landing feature ${key}`);
    expect(featureStartsAt(feature)).toBe(plan);
  });

  it("names the first priced plan that has the feature, and every plan after it in the pricing order has it too", () => {
    for (const feature of LANDING_FEATURES) {
      const plan = featureStartsAt(feature);
      const { needs } = feature;
      if (!plan || !needs) continue;
      const from = PRICING_PLANS.indexOf(plan);
      PRICING_PLANS.forEach((planType, index) =>
        expect([feature.key, planType, needs(PLANS[planType])]).toEqual([
          feature.key,
          planType,
          index >= from,
        ]),
      );
    }
  });

  it("says nothing of a feature the first plan (Free) already has", () => {
    expect(
      featureStartsAt({
        key: "groups",
        icon: LANDING_FEATURES[0].icon,
        needs: (plan) => plan.contactsLimit > 0,
      }),
    ).toBeNull();
  });

  it("refuses a feature no priced plan offers", () => {
    expect(() => featureStartsAt({ key: "api", icon: LANDING_FEATURES[0].icon, needs: () => false })).toThrow(
      /No priced plan/,
    );
  });
});
