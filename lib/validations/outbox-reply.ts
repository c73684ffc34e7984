import { z } from "zod";
import { CALL_KEYS } from "@/lib/channels/offered-call-keys";

/**
 * The replies the dev outbox offers on an SMS or WhatsApp message, one button each: the
 * confirmation answers and Twilio's opt-out, opt-in and help keywords. Any other text can be
 * typed. A call takes a key instead (`body` one of 0-9, * or #), posted as `Digits` to its
 * Gather action (lib/channels/reply-from-outbox.ts).
 */
export const OUTBOX_REPLY_WORDS = ["YES", "NO", "LATER", "STOP", "START", "HELP"] as const;

/** The keys the outbox's keypad can offer on a call (each call offers its own: offeredCallKeys). */
export const OUTBOX_CALL_KEYS = CALL_KEYS;

/** POST /dev/outbox/reply: answer outbox message `messageId` with `body` (a call: the key), as its recipient. */
export const outboxReplySchema = z
  .object({
    messageId: z.number().int().positive(),
    body: z.string().trim().min(1).max(1600),
  })
  .strict();
