import { z } from "zod";
import { DELIVERY_METHODS, DELIVERY_STATUSES } from "@/db/schema/enums";

/** ?cursor=&limit= of GET /api/reminders/{id}/deliveries. */
export const reminderDeliveriesQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export type ReminderDeliveriesQuery = z.output<typeof reminderDeliveriesQuerySchema>;

/** The activity log's filters ('skipped' are failures decided before any send). */
export const ACTIVITY_STATUSES = [...DELIVERY_STATUSES, "skipped"] as const;

/** ?status=&channel=&contactId=&reminderId=&cursor=&limit= of GET /api/deliveries and the /activity page. */
export const activityQuerySchema = z
  .object({
    status: z.enum(ACTIVITY_STATUSES).optional(),
    channel: z.enum(DELIVERY_METHODS).optional(),
    contactId: z.string().min(1).max(100).optional(),
    reminderId: z.string().min(1).max(100).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** The settings page's notification switch. */
export const failureAlertsSchema = z.object({ failureAlerts: z.boolean() }).strict();
