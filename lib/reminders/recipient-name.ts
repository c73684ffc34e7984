/** The `reminders` message namespace, as a plain function (next-intl's `t` fits). */
export type RemindersTranslate = (
  key: "toYouAbout" | "unknownContact",
  values?: Record<string, string>,
) => string;

/**
 * Who a reminder goes to, as the lists name it: the contact, a group reminder's group, or for a
 * lead reminder (one to the user about a contact's date) the user, "You (about Ana López)", never
 * the contact's name alone.
 */
export function recipientName(
  reminder: { recipient?: string | null; contactName: string | null; groupName?: string | null },
  t: RemindersTranslate,
): string {
  const name =
    (reminder.recipient === "group" ? reminder.groupName : reminder.contactName) ?? t("unknownContact");
  return reminder.recipient === "owner" ? t("toYouAbout", { name }) : name;
}
