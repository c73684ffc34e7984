import type { User } from "@/db/schema";
import { hasSenderName } from "@/lib/users/sender-name";

export type ChecklistStepKey = "profile" | "contact" | "reminder";

export interface ChecklistStep {
  key: ChecklistStepKey;
  done: boolean;
  /** Where the step is done. */
  href: string;
}

/** The zone an account has until one is chosen (or read from the browser at sign-up). */
const DEFAULT_ZONE = "UTC";

/**
 * The dashboard's first-run checklist, ticked from the account's own data: a time zone other
 * than the default and a name to sign with; a contact; a reminder (of any status: one made and
 * since sent or cancelled still counts). Null, so not shown, once every step is done or the user
 * hid it; a step undone again later (every contact deleted) brings it back until hidden.
 */
export function firstRunChecklist(
  user: Pick<
    User,
    "timezone" | "senderName" | "firstName" | "lastName" | "name" | "email" | "checklistHiddenAt"
  >,
  counts: { contacts: number; reminders: number },
): ChecklistStep[] | null {
  if (user.checklistHiddenAt) return null;
  const steps: ChecklistStep[] = [
    { key: "profile", done: user.timezone !== DEFAULT_ZONE && hasSenderName(user), href: "/settings" },
    { key: "contact", done: counts.contacts > 0, href: "/contacts" },
    { key: "reminder", done: counts.reminders > 0, href: "/reminders?new=1" },
  ];
  return steps.every((step) => step.done) ? null : steps;
}
