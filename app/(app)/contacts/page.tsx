import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { contactFormRequest } from "@/components/contacts/contact-form-focus";
import { ContactsScreen } from "@/components/contacts/contacts-screen";
import { DateGreetingsProvider } from "@/components/contacts/date-greetings";
import { PLAN_TYPES, type PlanType } from "@/db/schema/enums";
import { toLocale } from "@/i18n/locales";
import { getCurrentActor } from "@/lib/auth/current-user";
import { contactLimitOf } from "@/lib/contacts/contact-limit";
import { listContacts } from "@/lib/contacts/list-contacts";
import { listGroups } from "@/lib/groups/list-groups";
import { dateGreetings } from "@/lib/reminders/date-reminder-texts";
import { phoneRegionOf } from "@/lib/validations/phone";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("contacts");
  return { title: t("title") };
}

/**
 * ?edit=<id>&field=<field> (a reminder dialog's fix link) opens that contact's form at the field;
 * ?group=<id> shows one group's contacts.
 */
export default async function ContactsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const { user, workspace } = actor;
  const [contacts, groups, params, screenLocale] = await Promise.all([
    listContacts(workspace.id, toLocale(user.locale)),
    listGroups(workspace.id, user.locale),
    searchParams,
    getLocale(),
  ]);
  // Another workspace's group, or one deleted since, is no filter: every contact shows.
  const groupId = groups.find((group) => group.id === params.group)?.id ?? null;
  const planType = (PLAN_TYPES as readonly string[]).includes(workspace.planType)
    ? (workspace.planType as PlanType)
    : "free";
  return (
    <DateGreetingsProvider greetings={dateGreetings(screenLocale)} ownerLocale={toLocale(user.locale)}>
      <ContactsScreen
        initialContacts={contacts.map((c) => ({
          ...c,
          deliveryMethod: c.deliveryMethod === "sms" ? "sms" : "email",
          lastReminder: c.lastReminder ? c.lastReminder.toISOString() : null,
          whatsappConsentAt: c.whatsappConsentAt ? c.whatsappConsentAt.toISOString() : null,
          emailSuppressedAt: c.emailSuppressedAt ? c.emailSuppressedAt.toISOString() : null,
          forgetRequestedAt: c.forgetRequestedAt ? c.forgetRequestedAt.toISOString() : null,
        }))}
        initialGroups={groups.map((group) => ({ ...group, createdAt: group.createdAt.toISOString() }))}
        initialGroupId={groupId}
        planType={planType}
        contactLimit={contactLimitOf(workspace.planType)}
        defaultCountry={phoneRegionOf(user)}
        ownerTimezone={user.timezone}
        ownerLocale={toLocale(user.locale)}
        openForm={contactFormRequest(params)}
      />
    </DateGreetingsProvider>
  );
}
