/** The contact form's fields another screen can send the user to, to add what a reminder needs. */
export const CONTACT_FORM_FOCUS = ["email", "phone", "whatsappConsent"] as const;
export type ContactFormFocus = (typeof CONTACT_FORM_FOCUS)[number];

/** The element each focus lands on in the contact form. */
export const CONTACT_FORM_FOCUS_ID: Record<ContactFormFocus, string> = {
  email: "contact-email",
  phone: "contact-phone",
  whatsappConsent: "contact-whatsapp-consent",
};

/** The Contacts screen with `contactId`'s form open at `field`. */
export function contactFormHref(contactId: string, field: ContactFormFocus): string {
  return `/contacts?${new URLSearchParams({ edit: contactId, field })}`;
}

/** The form a /contacts address asks for (?edit=<id>&field=<field>), or undefined. */
export function contactFormRequest(
  params: Record<string, string | string[] | undefined>,
): { contactId: string; field?: ContactFormFocus } | undefined {
  const { edit, field } = params;
  if (typeof edit !== "string" || !edit) return undefined;
  const known = (CONTACT_FORM_FOCUS as readonly unknown[]).includes(field);
  return { contactId: edit, field: known ? (field as ContactFormFocus) : undefined };
}
