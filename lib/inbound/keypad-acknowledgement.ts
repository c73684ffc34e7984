import { CALL_KEYPAD, type CallKeyAction } from "@/config/calls";
import type { ConfirmationState } from "@/db/schema/enums";

/** The keys that answer a confirmation ask (1, 2, 3). */
export type KeypadAnswer = Extract<CallKeyAction, "confirm" | "decline" | "snooze">;

/** What the call says after a key, a `delivery.call.*` message. */
export type KeypadLine =
  "call.confirmed" | "call.declined" | "call.snoozed" | "call.snoozedAlready" | "call.goodbye";

/** The action of the keys pressed: CALL_KEYPAD's for one known key, else null (another key, several, none). */
export function keypadAction(digits: string): CallKeyAction | null {
  return Object.hasOwn(CALL_KEYPAD, digits) ? CALL_KEYPAD[digits as keyof typeof CALL_KEYPAD] : null;
}

const STATE_OF: Record<KeypadAnswer, Exclude<ConfirmationState, "awaiting">> = {
  confirm: "confirmed",
  decline: "declined",
  snooze: "snoozed",
};

/**
 * What the call says once a confirmation key (1, 2, 3) went through the replies: the state it
 * stands in when that is the one the key asks for (a replayed press hears its first answer
 * again); "not called again" for a second 3 on a delivery already snoozed (one call back per
 * ask); otherwise only goodbye (the reminder asked for nothing, or was answered already).
 */
export function keypadAcknowledgement(
  action: KeypadAnswer,
  recorded: { fresh: boolean; acted: boolean; confirmation: ConfirmationState | null } | null,
): KeypadLine {
  const wanted = STATE_OF[action];
  if (!recorded || recorded.confirmation !== wanted) return "call.goodbye";
  if (action === "snooze" && recorded.fresh && !recorded.acted) return "call.snoozedAlready";
  return `call.${wanted}`;
}
