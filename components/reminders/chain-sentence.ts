import type { DeliveryMethod } from "@/db/schema/enums";
import type { FallbackStep } from "@/lib/validations/reminder";

/** The `groupReminders` keys the sentence is built from, as a plain function (next-intl's `t` fits). */
export type ChainTranslate = (
  key:
    | "chain.onFailure"
    | "chain.onNoConfirmation"
    | "chain.minutes"
    | "chain.hours"
    | `chain.channels.${DeliveryMethod}`
    | `chain.start.${DeliveryMethod}`,
  values?: Record<string, string | number>,
) => string;

/** "1 hour", "90 minutes": whole hours in hours. */
export function waitWords(minutes: number, t: ChainTranslate): string {
  return minutes % 60 === 0
    ? t("chain.hours", { count: minutes / 60 })
    : t("chain.minutes", { count: minutes });
}

/**
 * A chain in words: "WhatsApp; if it fails, SMS; if no one confirms within 1 hour, e-mail".
 * Each step is a message that wraps the sentence so far (`{before}`), so that every language
 * orders and punctuates it its way (French puts a space before the semicolon).
 */
export function chainSentence(
  deliveryMethod: DeliveryMethod,
  steps: readonly FallbackStep[],
  t: ChainTranslate,
): string {
  const name = (channel: DeliveryMethod) => t(`chain.channels.${channel}`);
  // The first channel opens the sentence: its own words, capitalised where the language does.
  let sentence = t(`chain.start.${deliveryMethod}`);
  for (const step of steps) {
    const channel = name(step.channel);
    sentence = step.afterMinutes
      ? t("chain.onNoConfirmation", { before: sentence, wait: waitWords(step.afterMinutes, t), channel })
      : t("chain.onFailure", { before: sentence, channel });
  }
  return sentence;
}
