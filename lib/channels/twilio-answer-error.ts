import "server-only";
import { isQueueFull } from "./twilio-errors";
import type { TwilioAnswer } from "./twilio-request";
import { ChannelError } from "./types";

/** Twilio's error resource (https://www.twilio.com/docs/api/errors): a numeric code and a message. */
export interface TwilioErrorBody {
  code?: number;
  message?: string;
}

/** Retry-After as seconds or an HTTP date (RFC 9110 10.2.3), in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * What a create request Twilio refused means for the engine (messages and calls alike): 429 /
 * 20429 and a full queue say "slow down" (nothing was created); a 5xx may have created it
 * (ambiguous: look it up before sending again); any other answer is final, with Twilio's code.
 */
export function twilioAnswerError(
  response: Pick<TwilioAnswer, "status" | "retryAfter">,
  body: TwilioErrorBody,
): ChannelError {
  const text = body.message ?? `Twilio answered HTTP ${response.status}`;
  const code = body.code ? String(body.code) : String(response.status);
  const wait = retryAfterMs(response.retryAfter);
  if (response.status === 429 || body.code === 20429) {
    return new ChannelError(text, true, code, { slowDown: true, retryAfterMs: wait });
  }
  // "Too much, too fast" rather than "this message is wrong".
  if (body.code && isQueueFull(code)) {
    return new ChannelError(text, true, code, { slowDown: true, retryAfterMs: wait });
  }
  if (response.status >= 500) return new ChannelError(text, true, code, { ambiguous: true });
  return new ChannelError(text, false, code);
}
