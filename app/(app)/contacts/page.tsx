import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { contactFormRequest } from "@/components/contacts/contact-form-focus";
import { ContactsScreen } from "@/components/contacts/contacts-screen";
import { DateGreetingsProvider } from "@/components/contacts/date-greetings";
import { PLAN_TYPES, type PlanType } from "@/db/schema/enums";
import { toLocale } from "@/i18n/locales";
import { getCurrentUser } from "@/lib/auth/current-user";
import { contactLimitOf } from "@/lib/contacts/contact-limit";
import { listContacts } from "@/lib/contacts/list-contacts";
import { dateGreetings } from "@/lib/reminders/date-reminder-texts";
import { phoneRegionOf } from "@/lib/validations/phone";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("contacts");
  return { title: t("title") };
}

/** ?edit=<id>&field=<field> (a reminder dialog's fix link) opens that contact's form at the field. */
export default async function ContactsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const contacts = await listContacts(user.id, toLocale(user.locale));
  const planType = (PLAN_TYPES as readonly string[]).includes(user.planType)
    ? (user.planType as PlanType)
    : "free";
  return (
    <DateGreetingsProvider greetings={dateGreetings()} ownerLocale={toLocale(user.locale)}>
      <ContactsScreen
        initialContacts={contacts.map((c) => ({
          ...c,
          deliveryMethod: c.deliveryMethod === "sms" ? "sms" : "email",
          lastReminder: c.lastReminder ? c.lastReminder.toISOString() : null,
          whatsappConsentAt: c.whatsappConsentAt ? c.whatsappConsentAt.toISOString() : null,
          emailSuppressedAt: c.emailSuppressedAt ? c.emailSuppressedAt.toISOString() : null,
        }))}
        planType={planType}
        contactLimit={contactLimitOf(user.planType)}
        defaultCountry={phoneRegionOf(user)}
        ownerTimezone={user.timezone}
        ownerLocale={toLocale(user.locale)}
        openForm={contactFormRequest(await searchParams)}
      />
    </DateGreetingsProvider>
  );
}
