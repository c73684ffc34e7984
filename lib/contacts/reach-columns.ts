import "server-only";
import { contacts } from "@/db/schema";

/** The contact columns channel reach reads (`ReachableContact`), for a select list. */
export const REACH_COLUMNS = {
  email: contacts.email,
  phone: contacts.phone,
  emailOptOut: contacts.emailOptOut,
  smsOptOut: contacts.smsOptOut,
  whatsappOptOut: contacts.whatsappOptOut,
  callOptOut: contacts.callOptOut,
  emailSuppressedAt: contacts.emailSuppressedAt,
};
