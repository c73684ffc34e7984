import "server-only";
import { createTranslator } from "use-intl/core";
import { catalogueFor } from "@/i18n/catalogues";
import type { TrailWords } from "./trail-line";

/** The trail's words in `locale` (English for an unknown one), for lines written on the server. */
export function trailWords(locale: string | null | undefined): TrailWords {
  const catalogue = catalogueFor(locale);
  const plans = createTranslator({ ...catalogue, namespace: "plans.names" });
  return {
    t: createTranslator({ ...catalogue, namespace: "activityTrail" }),
    planName: (plan) => plans(plan),
    locale: catalogue.locale,
  };
}
