import { z } from "zod";
import { CALL_KEYS, offeredCallKeys } from "./offered-call-keys";
import { readCallTwiml, type CallStep } from "./read-call-twiml";

/**
 * What a call kept in the dev outbox carries in its headers: a placed call its TwiML URL, its
 * keypad's gather URL and the keys it offers; a line of a call (the answer to a key) the call's
 * id and the key.
 */
const headersSchema = z
  .object({
    url: z.string().optional(),
    gatherUrl: z.string().optional(),
    keys: z.array(z.enum(CALL_KEYS)).optional(),
    callSid: z.string().optional(),
    key: z.string().optional(),
  })
  .catch({});

export interface OutboxCall {
  /** The call's TwiML read back: what it says, plays and waits for. */
  steps: CallStep[];
  /** Where its keys go (the Gather action); null: no keypad (an answer to a key). */
  gatherUrl: string | null;
  /** The keys it offers (1, 2 and 3 only when it asks for a confirmation). */
  keys: (typeof CALL_KEYS)[number][];
  /** An answer to a key: that key. */
  key: string | null;
}

function headersOf(headers: string | null) {
  try {
    return headersSchema.parse(headers ? JSON.parse(headers) : {});
  } catch {
    return {};
  }
}

/** A call of the dev outbox (channel 'call'): its script and its keypad, read from what was stored. */
export function outboxCallOf(message: { text: string; headers: string | null }): OutboxCall {
  const headers = headersOf(message.headers);
  return {
    steps: readCallTwiml(message.text),
    gatherUrl: headers.gatherUrl ?? null,
    // Calls kept before the keys were: every key, as they offered.
    keys: headers.keys ?? offeredCallKeys(true),
    key: headers.key ?? null,
  };
}
