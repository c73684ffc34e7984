import { z } from "zod";

/**
 * The replies the dev outbox offers on an SMS or WhatsApp message, one button each: the
 * confirmation answers and Twilio's opt-out, opt-in and help keywords. Any other text can be
 * typed. (A call, once there is one, would answer with a keypad digit posted as `Digits` to its
 * voice webhook: a channel and a path of its own in lib/channels/reply-from-outbox.ts.)
 */
export const OUTBOX_REPLY_WORDS = ["YES", "NO", "LATER", "STOP", "START", "HELP"] as const;

/** POST /dev/outbox/reply: answer outbox message `messageId` with `body`, as its recipient. */
export const outboxReplySchema = z
  .object({
    messageId: z.number().int().positive(),
    body: z.string().trim().min(1).max(1600),
  })
  .strict();
