import { z } from "zod";

/** Twilio's message SIDs: SM (or MM for media) and 32 hex digits. */
const messageSid = z.string().regex(/^(SM|MM)[0-9a-f]{32}$/i, "Invalid message SID");

/** E.164, with the `whatsapp:` prefix on WhatsApp. */
const address = z.string().regex(/^(whatsapp:)?\+[1-9]\d{6,14}$/, "Invalid sender address");

/**
 * An incoming message (docs/delivery.md): Twilio adds parameters over time, so unknown ones
 * pass; OptOutType is sent when the number is in a Messaging Service with Advanced Opt-Out.
 */
export const twilioInboundSchema = z
  .object({
    From: address,
    Body: z.string().max(1600).default(""),
    OptOutType: z.enum(["STOP", "START", "HELP"]).optional(),
    /** Our number it was sent to, the message's id and, for a tapped WhatsApp button, its id. */
    To: address.optional(),
    MessageSid: z.string().min(1).max(64).optional(),
    ButtonPayload: z.string().max(256).optional(),
  })
  .loose();
export type TwilioInbound = z.output<typeof twilioInboundSchema>;

export const MESSAGE_STATUSES = [
  "accepted",
  "scheduled",
  "canceled",
  "queued",
  "sending",
  "sent",
  "failed",
  "delivered",
  "undelivered",
  "receiving",
  "received",
  "read",
  "partially_delivered",
] as const;

/** A status callback: MessageSid, MessageStatus, the recipient (To) and, on failure, ErrorCode. */
export const twilioStatusSchema = z
  .object({
    MessageSid: messageSid,
    To: address.optional(),
    MessageStatus: z.enum(MESSAGE_STATUSES),
    ErrorCode: z
      .string()
      .regex(/^\d{1,6}$/, "Invalid error code")
      .optional(),
  })
  .loose();
export type TwilioStatus = z.output<typeof twilioStatusSchema>;
