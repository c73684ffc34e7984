import { z } from "zod";
import { CALL_STATUSES } from "@/db/schema/enums";

/** Twilio's call SIDs: CA and 32 hex digits. */
const callSid = z.string().regex(/^CA[0-9a-f]{32}$/i, "Invalid call SID");

/** A count Twilio sends as decimal digits (CallDuration, SequenceNumber). */
const count = z
  .string()
  .regex(/^\d{1,9}$/, "Invalid number")
  .transform(Number);

/**
 * A request Twilio makes during a call (its TwiML, a keypad answer): the call and, with
 * answering-machine detection, who answered. Twilio adds parameters over time, so unknown ones pass.
 */
export const twilioCallRequestSchema = z
  .object({
    CallSid: callSid,
    CallStatus: z.enum(CALL_STATUSES).optional(),
    /** human, machine_start, machine_end_beep, machine_end_silence, machine_end_other, fax, unknown. */
    AnsweredBy: z.string().max(32).optional(),
  })
  .loose();
export type TwilioCallRequest = z.output<typeof twilioCallRequestSchema>;

/**
 * A call's status callback (https://www.twilio.com/docs/voice/api/call-resource#statuscallback):
 * its status, and on completion its duration in seconds; SequenceNumber orders the callbacks of
 * one call (they may arrive out of order).
 */
export const twilioCallStatusSchema = z
  .object({
    CallSid: callSid,
    CallStatus: z.enum(CALL_STATUSES),
    AnsweredBy: z.string().max(32).optional(),
    CallDuration: count.optional(),
    SequenceNumber: count.optional(),
  })
  .loose();
export type TwilioCallStatus = z.output<typeof twilioCallStatusSchema>;
