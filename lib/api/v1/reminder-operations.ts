import "server-only";
import { REMINDERS_PER_CALL } from "@/config/plans";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { reminderInputSchema, reminderListQuerySchema } from "@/lib/validations/reminder";
import { idParams } from "./common-schemas";
import { defineOperation } from "./operation";
import { reminderInputDocument } from "./reminder-input";
import { cancelledReminderSchema, reminderPageSchema, reminderSchema } from "./resource-schemas";

const SCHEDULE_HELP =
  "Times are wall times in your account's time zone: `scheduledFor` is `YYYY-MM-DDTHH:MM` for a " +
  "one-time reminder; a recurring one takes `frequency` and `frequencyConfig` (time, days, day of " +
  "month, month, end). Voice and video reminders take the `mediaId` of a ready recording made in " +
  "the app. `deliveryMethod` `call` phones the contact's number: it reads a text reminder aloud or " +
  "plays a voice one (a video by call is a 400 `call_video_unsupported`; a plan without calls, a 403 " +
  `\`calls_not_in_plan\`); each call counts as ${REMINDERS_PER_CALL} reminders of your quota or credit. ` +
  "`askConfirmation` (SMS, WhatsApp and calls) asks for a YES / NO / LATER reply (on a call: keys " +
  "1, 2, 3); `followUpMinutes` emails you when none came. `fallback` names up to three more " +
  "channels tried in order when the one before fails for good, or (`afterMinutes`, with " +
  "`askConfirmation`) when no confirmation came that long after it was sent; each channel once (400 " +
  "`fallback_repeated_channel`), each one this server can send (422 `fallback_channel_unavailable`). " +
  "Every channel of the chain must be one the contact accepts (their `preferences`: 422 " +
  "`contact_refused_channel`), and a contact who asked to receive nothing takes no reminder (422 `contact_stopped`).";

const GROUP_HELP =
  "A `groupId` instead of a `contactId` sends to every member of that group, each their own message " +
  "and delivery: `groupTiming` `local_time` (the default) at the wall time in each member's zone, " +
  "`same_instant` at one instant for everyone. The quota or credit must cover one occurrence for every " +
  "member some channel of the chain reaches, or nothing is written (403 or 402 `group_over_quota`, " +
  "with `needed` and `available`). Another account's or an unknown group is a 404 `group_not_found`; " +
  "a group without members a 422 `group_empty`; one no channel of the chain reaches a 422 " +
  "`group_unreachable`. Members who join later get later occurrences; members who leave stop.";

export const listRemindersOperation = defineOperation({
  operationId: "listReminders",
  method: "GET",
  path: "/reminders",
  tag: "Reminders",
  summary: "List reminders",
  description:
    "`view=recent`: newest first, optionally one `status`. `view=schedule`: scheduled reminders, soonest due first.",
  query: reminderListQuerySchema,
  response: reminderPageSchema,
});

export const getReminderOperation = defineOperation({
  operationId: "getReminder",
  method: "GET",
  path: "/reminders/{id}",
  tag: "Reminders",
  summary: "Get a reminder",
  params: idParams,
  response: reminderSchema,
});

export const createReminderOperation = defineOperation({
  operationId: "createReminder",
  method: "POST",
  path: "/reminders",
  tag: "Reminders",
  summary: "Create a reminder",
  description: `${SCHEDULE_HELP} ${GROUP_HELP} Your plan's quota and credits apply (403 \`reminder_limit\`, 402 \`no_credit\`).`,
  body: reminderInputSchema,
  documentedBody: reminderInputDocument,
  response: reminderSchema,
  status: 201,
  errors: [402, 404, 409, 422],
  rateLimit: RATE_LIMITS.reminderWrite,
});

export const updateReminderOperation = defineOperation({
  operationId: "updateReminder",
  method: "PUT",
  path: "/reminders/{id}",
  tag: "Reminders",
  summary: "Replace a scheduled reminder",
  description: `The whole reminder, as on create. ${SCHEDULE_HELP} ${GROUP_HELP} Only a scheduled reminder can be changed (409); a group reminder stays a group's and a contact's a contact's (409 \`reminder_recipient_fixed\`); a group reminder's edit checks the quota only for what one occurrence needs more. A member reminder (\`parentReminderId\` set) changes with its group reminder only (409 \`member_reminder_read_only\`).`,
  params: idParams,
  body: reminderInputSchema,
  documentedBody: reminderInputDocument,
  response: reminderSchema,
  errors: [402, 409, 422],
  rateLimit: RATE_LIMITS.reminderWrite,
});

export const cancelReminderOperation = defineOperation({
  operationId: "cancelReminder",
  method: "DELETE",
  path: "/reminders/{id}",
  tag: "Reminders",
  summary: "Cancel a reminder",
  description:
    "It leaves the schedule and keeps its history. Cancelling twice answers the same. A group reminder's member reminders stop with it; a member reminder is cancelled with its group reminder only (409 `member_reminder_read_only`).",
  params: idParams,
  response: cancelledReminderSchema,
  errors: [409],
});
