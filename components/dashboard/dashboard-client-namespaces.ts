import { SHELL_CLIENT_NAMESPACES } from "@/components/layout/client-messages";

/**
 * The message namespaces the signed-in `/` hands to client components: the shell's and those of
 * the dashboard's client components (the New Reminder dialog with its recorders, the recent reminders' actions and
 * history with who made each, the attention card's entries). The dashboard's payload carries about half of the
 * catalogue instead of all of it; tests/unit/layout/page-messages.test.ts follows the page's
 * imports and fails when a client component names a namespace missing here.
 */
export const DASHBOARD_CLIENT_NAMESPACES = [
  ...SHELL_CLIENT_NAMESPACES,
  "authorship",
  "common",
  "dashboard",
  "deliveryLog",
  "errors",
  "groupReminders",
  "media",
  "messagePreview",
  "messageTemplates",
  "quickAdd",
  "recurrence",
  "reminderForm",
  "reminders",
  "replies",
  "upgrade",
  "upload",
] as const;
