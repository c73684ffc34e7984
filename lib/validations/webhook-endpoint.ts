import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@/db/schema/enums";
import { issueParams } from "@/lib/errors/zod-error";

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .superRefine((list, ctx) => {
    if (list.length === 0)
      ctx.addIssue({
        code: "custom",
        message: "Choose at least one event",
        params: issueParams("webhook_events_required"),
      });
  });

/** POST /api/webhooks/endpoints. The URL's rules (https, public address) are lib/webhooks'. */
export const webhookEndpointInputSchema = z
  .object({
    url: z.string().trim().min(1).max(2000),
    description: z.string().trim().max(200).nullish(),
    events,
  })
  .strict();

/** PATCH /api/webhooks/endpoints/{id}: any of the fields, and `enabled` to turn it off or on. */
export const webhookEndpointPatchSchema = z
  .object({
    url: z.string().trim().min(1).max(2000).optional(),
    description: z.string().trim().max(200).nullish(),
    events: events.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

export const webhookEndpointParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const webhookMessageParamsSchema = z.object({
  id: z.string().min(1).max(100),
  messageId: z.string().regex(/^\d{1,18}$/),
});
