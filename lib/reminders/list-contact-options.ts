import "server-only";
import { eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { DeliveryMethod } from "@/db/schema/enums";
import type { Locale } from "@/i18n/locales";
import { sortByName } from "@/lib/contacts/sort-by-name";
import { db } from "@/lib/db";
import type { ContactOption } from "./types";

/** The user's contacts for the reminder dialog's picker, by name in the user's language. */
export async function listContactOptions(workspaceId: string, locale: Locale): Promise<ContactOption[]> {
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      locale: contacts.locale,
      whatsappConsentAt: contacts.whatsappConsentAt,
      acceptedChannels: contacts.acceptedChannels,
      stoppedAt: contacts.stoppedAt,
    })
    .from(contacts)
    .where(eq(contacts.workspaceId, workspaceId))
    .orderBy(contacts.createdAt);
  const options = rows.map(({ whatsappConsentAt, acceptedChannels, stoppedAt, ...row }) => ({
    ...row,
    whatsappConsent: whatsappConsentAt !== null,
    acceptedChannels: acceptedChannels as DeliveryMethod[] | null,
    stopped: stoppedAt !== null,
  }));
  return sortByName(options, (row) => row.name, locale);
}
