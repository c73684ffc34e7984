import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { RemindersScreen } from "@/components/reminders/reminders-screen";
import { getCurrentActor } from "@/lib/auth/current-user";
import { toLocale } from "@/i18n/locales";
import { listContactOptions } from "@/lib/reminders/list-contact-options";
import { listReminders } from "@/lib/reminders/list-reminders";
import { toReminderUser } from "@/lib/reminders/to-reminder-user";
import { withMessageTexts } from "@/lib/reminders/with-message-texts";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("reminders"))("title") };
}

/** ?new=1&contactId=<id> (from a contact card's 'Send Reminder') opens the create dialog. */
export default async function RemindersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const { user, workspace } = actor;
  const params = await searchParams;
  const [contacts, firstPage] = await Promise.all([
    listContactOptions(workspace.id, toLocale(user.locale)),
    listReminders(workspace.id, { status: "all", view: "recent", limit: 50 }),
  ]);
  const contactId = typeof params.contactId === "string" ? params.contactId : undefined;
  return (
    <RemindersScreen
      user={toReminderUser(actor)}
      contacts={contacts}
      firstPage={{ ...firstPage, items: await withMessageTexts(workspace.id, firstPage.items) }}
      openNew={params.new === "1"}
      newContactId={contacts.some((c) => c.id === contactId) ? contactId : undefined}
    />
  );
}
