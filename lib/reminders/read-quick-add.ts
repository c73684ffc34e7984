import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { toLocale, type Locale } from "@/i18n/locales";
import { parseQuickAdd, type QuickAddDraft } from "@/lib/quick-add";
import { listContactOptions } from "./list-contact-options";
import { listGroupNames } from "./list-group-names";
import type { ContactOption } from "./types";

/** A line read for the reminder dialog, with the contacts it was matched against (the dialog's picker). */
export interface QuickAddReading {
  draft: QuickAddDraft;
  contacts: ContactOption[];
}

/**
 * Reads a quick-add line with the person's zone, the server's clock and the workspace's contacts
 * and groups.
 * Nothing is saved: the dialog shows the draft for the user to confirm.
 */
export async function readQuickAdd(
  { user, workspace }: Actor,
  text: string,
  locale: Locale,
  now = new Date(),
): Promise<QuickAddReading> {
  const [contacts, groups] = await Promise.all([
    listContactOptions(workspace.id, toLocale(user.locale)),
    listGroupNames(workspace.id),
  ]);
  const draft = parseQuickAdd(text, {
    locale,
    timeZone: user.timezone,
    now,
    contacts: contacts.map(({ id, name }) => ({ id, name })),
    groups,
    // The dialog holds every schedule kind: intervals, nth weekdays, ends, first days.
    richSchedules: true,
  });
  return { draft, contacts };
}
