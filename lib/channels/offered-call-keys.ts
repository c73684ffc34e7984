import { CALL_KEYPAD, type CallKey } from "@/config/calls";

/** Every key a call can offer, in the order the outbox's keypad lays them out. */
export const CALL_KEYS = ["1", "2", "3", "8", "9", "0"] as const satisfies readonly CallKey[];

/** The keys that answer a confirmation ask: 1 confirms, 2 declines, 3 calls again in an hour. */
const CONFIRMATION_KEYS: ReadonlySet<string> = new Set(
  Object.entries(CALL_KEYPAD)
    .filter(([, action]) => action === "confirm" || action === "decline" || action === "snooze")
    .map(([key]) => key),
);

/**
 * The keys a reminder call offers and acts on: 1, 2 and 3 only when it asks for a confirmation
 * (its prompt says them then), 8 (the preferences link by SMS), 9 (no more calls) and 0 (the
 * message again) always. The prompt,
 * the keypad webhook and the dev outbox's keypad all follow it, so nothing offers a key the call
 * ignores.
 */
export function offeredCallKeys(askConfirmation: boolean | null | undefined): (typeof CALL_KEYS)[number][] {
  return CALL_KEYS.filter((key) => askConfirmation || !CONFIRMATION_KEYS.has(key));
}
