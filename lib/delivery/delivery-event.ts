import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { reminders } from "@/db/schema";
import { isoInstant } from "@/lib/webhooks/iso-instant";

const g = alias(reminders, "g");

/**
 * What a delivery event's statement returns about each delivery `d` (an alias of deliveries),
 * read by deliveryEventData.
 */
export function deliveryEventColumns(
  d: Record<
    "id" | "reminderId" | "workspaceId" | "contactId" | "channel" | "occurrenceAt" | "fallbackStep",
    AnyColumn
  >,
): SQL {
  return sql`${d.id} as id, ${d.reminderId} as reminder_id, ${d.workspaceId} as workspace_id,
    ${d.contactId} as contact_id, ${d.channel} as channel, ${d.occurrenceAt} as occurrence_at,
    ${d.fallbackStep} as fallback_step`;
}

/**
 * A delivery event's `data`, from deliveryEventColumns and `extra` (`'key', value, …`): the
 * delivery, its fallback step, and `groupReminderId` when its reminder is a group member's. The
 * group is looked up for the rows an endpoint receives only (webhookFanOut joins endpoints first).
 */
export function deliveryEventData(extra: SQL): SQL {
  return sql`jsonb_build_object('deliveryId', id::text, 'reminderId', reminder_id, 'contactId', contact_id,
      'channel', channel, 'occurrenceAt', ${isoInstant(sql`occurrence_at`)}, 'fallbackStep', fallback_step, ${extra})
    || coalesce((select jsonb_build_object('groupReminderId', ${g.parentReminderId}) from ${reminders} ${g}
                  where ${g.id} = reminder_id and ${g.parentReminderId} is not null), '{}'::jsonb)`;
}
