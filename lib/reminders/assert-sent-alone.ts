import "server-only";
import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { conflict, invalidInput } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";
import { db } from "@/lib/db";
import { MEMBER_REMINDER_READ_ONLY } from "./find-own-reminder";

export const GROUP_SEND_NOW = {
  code: "group_send_now",
  message:
    "A group reminder cannot be sent now: each member gets it at the scheduled time. To send it sooner, change its time.",
} as const satisfies Problem;

/**
 * Send now and Retry act on one reminder's delivery: refused, before anything is sent, for a
 * group reminder (it has no delivery of its own; sending every member at once would bypass the
 * all-or-nothing usage check of its occurrence: 400 group_send_now) and for a member reminder
 * (one member's share of a group reminder: 409 member_reminder_read_only). An unknown id passes:
 * the action itself answers 404.
 */
export async function assertSentAlone(workspaceId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ recipient: reminders.recipient, parentReminderId: reminders.parentReminderId })
    .from(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.workspaceId, workspaceId)));
  if (row?.parentReminderId) throw conflict(MEMBER_REMINDER_READ_ONLY);
  if (row?.recipient === "group") throw invalidInput(GROUP_SEND_NOW);
}
