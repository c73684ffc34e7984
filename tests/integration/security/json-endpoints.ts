import * as account from "@/app/api/account/route";
import * as apiKeys from "@/app/api/api-keys/route";
import * as authUser from "@/app/api/auth/user/route";
import * as checkout from "@/app/api/create-checkout-session/route";
import * as contactAvatar from "@/app/api/contacts/[id]/avatar/route";
import * as contact from "@/app/api/contacts/[id]/route";
import * as contactImport from "@/app/api/contacts/import/route";
import * as contactList from "@/app/api/contacts/route";
import * as reminder from "@/app/api/reminders/[id]/route";
import * as reminderList from "@/app/api/reminders/route";
import type { callRoute } from "../../support/call-route";
import { createContact, insertReminder } from "../../support/reminders";

type Handler = Parameters<typeof callRoute>[0];

/** Placeholders in `params`, replaced by records the signed-in user owns. */
export const OWN_CONTACT = ":own-contact";
export const OWN_REMINDER = ":own-reminder";

export interface JsonEndpoint {
  name: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  handler: Handler;
  /** Route params; OWN_CONTACT / OWN_REMINDER are filled in by `ownParams`. */
  params?: Record<string, string>;
  /** A body the endpoint accepts, which the malformed-body test bends one field at a time. */
  sample: (own: { contactId: string }) => Record<string, unknown>;
}

const REMINDER_SAMPLE = ({ contactId }: { contactId: string }) => ({
  contactId,
  type: "text",
  message: "Hello",
  deliveryMethod: "sms",
  scheduleType: "recurring",
  scheduledFor: "2030-01-15T09:00",
  frequency: "weekly",
  frequencyConfig: { daysOfWeek: [1, 3] },
});

const CONTACT_SAMPLE = () => ({
  name: "Ann",
  email: "ann@example.com",
  phone: "+14155552671",
  relationship: "Friend",
  deliveryMethod: "email",
});

/**
 * Every JSON endpoint that takes a body. A new route with a body belongs here.
 * (POST /api/objects/upload takes no body; it is covered by cross-site only through
 * the wrapper it shares with these.)
 */
export const JSON_ENDPOINTS: JsonEndpoint[] = [
  {
    name: "POST /api/api-keys",
    method: "POST",
    path: "/api/api-keys",
    handler: apiKeys.POST,
    sample: () => ({ name: "Booking system", scope: "write" }),
  },
  {
    name: "PATCH /api/auth/user",
    method: "PATCH",
    path: "/api/auth/user",
    handler: authUser.PATCH,
    sample: () => ({
      firstName: "Ann",
      lastName: "Lee",
      phone: "+14155552671",
      timezone: "Europe/Paris",
      locale: "fr",
    }),
  },
  {
    name: "POST /api/contacts",
    method: "POST",
    path: "/api/contacts",
    handler: contactList.POST,
    sample: CONTACT_SAMPLE,
  },
  {
    name: "PUT /api/contacts/{id}",
    method: "PUT",
    path: "/api/contacts/{id}",
    handler: contact.PUT,
    params: { id: OWN_CONTACT },
    sample: CONTACT_SAMPLE,
  },
  {
    name: "PUT /api/contacts/{id}/avatar",
    method: "PUT",
    path: "/api/contacts/{id}/avatar",
    handler: contactAvatar.PUT,
    params: { id: OWN_CONTACT },
    sample: () => ({ avatarUrl: `http://localhost:3000/api/objects/local/uploads/${crypto.randomUUID()}` }),
  },
  {
    name: "POST /api/contacts/import",
    method: "POST",
    path: "/api/contacts/import",
    handler: contactImport.POST,
    sample: () => ({ rows: [{ line: 1, name: "Ann", email: "ann@example.com", phone: "+14155552671" }] }),
  },
  {
    name: "POST /api/reminders",
    method: "POST",
    path: "/api/reminders",
    handler: reminderList.POST,
    sample: REMINDER_SAMPLE,
  },
  {
    name: "PUT /api/reminders/{id}",
    method: "PUT",
    path: "/api/reminders/{id}",
    handler: reminder.PUT,
    params: { id: OWN_REMINDER },
    sample: REMINDER_SAMPLE,
  },
  {
    name: "POST /api/create-checkout-session",
    method: "POST",
    path: "/api/create-checkout-session",
    handler: checkout.POST,
    sample: () => ({ planType: "payg", creditPackageIndex: 0 }),
  },
  {
    // The sample names another address: a bent body must never delete the signed-in account.
    name: "DELETE /api/account",
    method: "DELETE",
    path: "/api/account",
    handler: account.DELETE,
    sample: () => ({ email: "someone-else@example.com" }),
  },
];

/** The endpoint's params and path with its placeholders replaced by the user's own records. */
export async function ownParams(endpoint: JsonEndpoint, userId: string) {
  const params: Record<string, string> = { ...endpoint.params };
  const needs = Object.values(params);
  const own = await createContact(userId);
  const ownReminder = needs.includes(OWN_REMINDER) ? await insertReminder(userId, own.id) : null;
  for (const [key, value] of Object.entries(params)) {
    if (value === OWN_CONTACT) params[key] = own.id;
    if (value === OWN_REMINDER && ownReminder) params[key] = ownReminder.id;
  }
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? key);
  return { params, path, contactId: own.id };
}
