import { DELIVERY_METHODS, type DeliveryMethod } from "@/db/schema/enums";
import { MAX_FALLBACK_STEPS, type FallbackStep } from "@/lib/validations/reminder";

/** A wait as the dialog edits it: the number as typed and its unit. */
export interface FallbackWait {
  amount: string;
  unit: "minutes" | "hours";
}

/**
 * One step after the delivery method: tried when the step before fails for good, or (with a
 * wait) also when no one confirmed that long after it was sent.
 */
export interface FallbackFormStep {
  channel: DeliveryMethod;
  wait: FallbackWait | null;
}

/** What the chain rules read of the dialog's state. */
export interface ChainState {
  deliveryMethod: DeliveryMethod;
  askConfirmation: boolean;
  fallback: FallbackFormStep[];
}

/** The wait a step gets when the user first asks for one: an hour. */
export const DEFAULT_WAIT: FallbackWait = { amount: "1", unit: "hours" };

/** Confirmation is asked on SMS, WhatsApp and calls (lib/validations/reminder.ts). */
export const canAskConfirmation = (state: Pick<ChainState, "deliveryMethod">) =>
  state.deliveryMethod !== "email";

/** The confirmation is asked for: a wait can then move the chain on. */
export const asksConfirmation = (state: Pick<ChainState, "deliveryMethod" | "askConfirmation">) =>
  canAskConfirmation(state) && state.askConfirmation;

/** Every channel of the chain in order: the delivery method first. */
export const chainChannels = (state: Pick<ChainState, "deliveryMethod" | "fallback">): DeliveryMethod[] => [
  state.deliveryMethod,
  ...state.fallback.map((step) => step.channel),
];

/** A wait in minutes; NaN when the number typed is not a whole number (the check refuses it). */
export function waitMinutes(wait: FallbackWait): number {
  const amount = wait.amount.trim() === "" ? Number.NaN : Number(wait.amount);
  return amount * (wait.unit === "hours" ? 60 : 1);
}

/** A stored wait as the dialog shows it: whole hours in hours, the rest in minutes. */
export function waitFromMinutes(minutes: number | null | undefined): FallbackWait | null {
  if (!minutes) return null;
  return minutes % 60 === 0
    ? { amount: String(minutes / 60), unit: "hours" }
    : { amount: String(minutes), unit: "minutes" };
}

/** The steps of a stored chain. */
export function fallbackFromSteps(steps: readonly FallbackStep[] | null | undefined): FallbackFormStep[] {
  return (steps ?? []).map((step) => ({
    channel: step.channel,
    wait: waitFromMinutes(step.afterMinutes),
  }));
}

/**
 * The chain as it is saved: waits only while the confirmation is asked (without it nothing
 * could be waited for; the sentence and the request agree on this).
 */
export function fallbackBody(state: ChainState): FallbackStep[] {
  const waits = asksConfirmation(state);
  return state.fallback.map((step) => ({
    channel: step.channel,
    afterMinutes: waits && step.wait ? waitMinutes(step.wait) : null,
  }));
}

/** The channels step `index` may use: the offered ones no other step of the chain uses, and its own. */
export function stepChoices(
  state: Pick<ChainState, "deliveryMethod" | "fallback">,
  index: number,
  offered: readonly DeliveryMethod[],
): DeliveryMethod[] {
  const own = state.fallback[index]?.channel;
  const used = new Set(chainChannels(state).filter((channel) => channel !== own));
  return DELIVERY_METHODS.filter((m) => m === own || (offered.includes(m) && !used.has(m)));
}

/** The channel "Add a step" takes: the first offered one not in the chain; null when the chain is full. */
export function nextStepChannel(
  state: Pick<ChainState, "deliveryMethod" | "fallback">,
  offered: readonly DeliveryMethod[],
): DeliveryMethod | null {
  if (state.fallback.length >= MAX_FALLBACK_STEPS) return null;
  const used = new Set(chainChannels(state));
  return DELIVERY_METHODS.find((m) => offered.includes(m) && !used.has(m)) ?? null;
}

export function withStepAdded(
  state: ChainState,
  offered: readonly DeliveryMethod[],
): Pick<ChainState, "fallback"> | null {
  const channel = nextStepChannel(state, offered);
  return channel ? { fallback: [...state.fallback, { channel, wait: null }] } : null;
}

export function withStepRemoved(state: ChainState, index: number): Pick<ChainState, "fallback"> {
  return { fallback: state.fallback.filter((_, i) => i !== index) };
}

/** Step `index` swapped with the one before (-1) or after (+1); each keeps its own wait. */
export function withStepMoved(state: ChainState, index: number, by: -1 | 1): Pick<ChainState, "fallback"> {
  const target = index + by;
  if (target < 0 || target >= state.fallback.length) return { fallback: state.fallback };
  const fallback = [...state.fallback];
  [fallback[index], fallback[target]] = [fallback[target], fallback[index]];
  return { fallback };
}

export function withStepChanged(
  state: ChainState,
  index: number,
  patch: Partial<FallbackFormStep>,
): Partial<ChainState> {
  const fallback = state.fallback.map((step, i) => (i === index ? { ...step, ...patch } : step));
  // Choosing a wait asks for the confirmation it waits for.
  return patch.wait ? { fallback, askConfirmation: true } : { fallback };
}

/**
 * A new delivery method: a step that used it takes the old method instead, so that the chain
 * keeps its channels once each (WhatsApp → SMS becomes SMS → WhatsApp).
 */
export function withDeliveryMethod(
  state: ChainState,
  deliveryMethod: DeliveryMethod,
): Pick<ChainState, "deliveryMethod" | "fallback"> {
  const fallback = state.fallback.map((step) =>
    step.channel === deliveryMethod ? { ...step, channel: state.deliveryMethod } : step,
  );
  return { deliveryMethod, fallback };
}

/**
 * The chain the dialog suggests in one click: WhatsApp, then SMS, each offered one; then
 * e-mail if no one confirmed within an hour, with the confirmation asked for. Null unless at
 * least one phone channel and e-mail are offered.
 */
export function suggestedChain(offered: readonly DeliveryMethod[]): ChainState | null {
  const phones = (["whatsapp", "sms"] as const).filter((m) => offered.includes(m));
  if (phones.length === 0 || !offered.includes("email")) return null;
  const [first, ...rest] = phones;
  return {
    deliveryMethod: first,
    askConfirmation: true,
    fallback: [
      ...rest.map((channel) => ({ channel, wait: null })),
      { channel: "email", wait: { ...DEFAULT_WAIT } },
    ],
  };
}

/** The state already holds this chain (the suggestion is then not offered again). */
export function sameChain(a: ChainState, b: ChainState): boolean {
  const left = fallbackBody(a);
  const right = fallbackBody(b);
  return (
    a.deliveryMethod === b.deliveryMethod &&
    asksConfirmation(a) === asksConfirmation(b) &&
    left.length === right.length &&
    left.every((step, i) => step.channel === right[i].channel && step.afterMinutes === right[i].afterMinutes)
  );
}
