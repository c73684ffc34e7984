import { z } from "zod";

/**
 * A call's id: Twilio's CallSid (CA and 32 hex digits), or the dev outbox's stand-in
 * `outbox-<message id>` (a call kept in the outbox; only its stand-in account signs those).
 */
const callSid = z.string().regex(/^(CA[0-9a-f]{32}|outbox-\d{1,18})$/i, "Invalid call SID");

const accountSid = z.string().regex(/^AC[0-9a-f]{32}$/i, "Invalid account SID");

/** E.164: on a call we placed, From is our caller ID and To the contact's number. */
const phone = z.string().regex(/^\+[1-9]\d{6,14}$/, "Invalid phone number");

/**
 * The keypad's answer: what Twilio posts to a <Gather>'s action URL
 * (https://www.twilio.com/docs/voice/twiml/gather), the call's usual request parameters
 * (https://www.twilio.com/docs/usage/webhooks/voice-webhooks) and `Digits`, the keys pressed
 * (our Gather takes one). Twilio adds parameters over time (CallStatus, Direction, ApiVersion,
 * Called, Caller, FinishedOnKey…), so unknown ones pass.
 */
export const twilioGatherSchema = z
  .object({
    CallSid: callSid,
    AccountSid: accountSid,
    From: phone,
    To: phone,
    /** Empty when the caller pressed nothing (our Gather then does not post at all). */
    Digits: z
      .string()
      .regex(/^[0-9*#]{0,32}$/, "Invalid digits")
      .default(""),
  })
  .loose();
export type TwilioGather = z.output<typeof twilioGatherSchema>;
