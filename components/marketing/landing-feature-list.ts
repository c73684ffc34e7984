import { Mic, PhoneCall, UserCog, Users, Video, Webhook, type LucideIcon } from "lucide-react";
import { PLANS, PRICING_PLANS, type Plan } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";

export type LandingFeatureKey = "voice" | "video" | "calls" | "groups" | "teams" | "api";

export interface LandingFeature {
  /** Message keys `landing.features.<key>.title` and `.body`. */
  key: LandingFeatureKey;
  icon: LucideIcon;
  /** What a plan must have to offer it; null: every plan has it. */
  needs: ((plan: Plan) => boolean) | null;
}

/** What the landing's "What makes Remindful different" grid shows, in order. */
export const LANDING_FEATURES: readonly LandingFeature[] = [
  { key: "voice", icon: Mic, needs: (plan) => plan.mediaKinds.includes("voice") },
  { key: "video", icon: Video, needs: (plan) => plan.mediaKinds.includes("video") },
  { key: "calls", icon: PhoneCall, needs: (plan) => plan.callsPerDay > 0 },
  { key: "groups", icon: Users, needs: null },
  { key: "teams", icon: UserCog, needs: (plan) => plan.seats > 1 },
  { key: "api", icon: Webhook, needs: null },
];

/**
 * The plan a feature starts from, read from the catalogue ("From the Personal plan"): the first
 * plan of the pricing order that has it. null when the first one (Free) already has it, so the
 * card says nothing. A feature no priced plan has must not be on the landing at all.
 */
export function featureStartsAt(feature: LandingFeature): PlanType | null {
  const { needs } = feature;
  if (!needs) return null;
  const first = PRICING_PLANS.find((planType) => needs(PLANS[planType]));
  if (!first) throw new Error(`No priced plan offers the landing's "${feature.key}"`);
  return first === PRICING_PLANS[0] ? null : first;
}
