import * as authUser from "@/app/api/auth/user/route";
import * as checkout from "@/app/api/create-checkout-session/route";
import * as contactAvatar from "@/app/api/contacts/[id]/avatar/route";
import * as contact from "@/app/api/contacts/[id]/route";
import * as contactImport from "@/app/api/contacts/import/route";
import * as contactList from "@/app/api/contacts/route";
import * as reminder from "@/app/api/reminders/[id]/route";
import * as reminderList from "@/app/api/reminders/route";
import type { callRoute } from "../../helpers/call-route";
import { createContact, insertReminder } from "../../helpers/reminders";

type Handler = Parameters<typeof callRoute>[0];

/** Placeholders in `params`, replaced by records the signed-in user owns. */
export const OWN_CONTACT = ":own-contact";
export const OWN_REMINDER = ":own-reminder";

export interface JsonEndpoint {
  name: string;
  method: "POST" | "PUT" | "PATCH";
  path: string;
  handler: Handler;
  /** Route params; OWN_CONTACT / OWN_REMINDER are filled in by `ownParams`. */
  params?: Record<string, string>;
}

/**
 * Every JSON endpoint that takes a body. A new route with a body belongs here.
 * (POST /api/objects/upload takes no body; it is covered by cross-site only through
 * the wrapper it shares with these.)
 */
export const JSON_ENDPOINTS: JsonEndpoint[] = [
  { name: "PATCH /api/auth/user", method: "PATCH", path: "/api/auth/user", handler: authUser.PATCH },
  { name: "POST /api/contacts", method: "POST", path: "/api/contacts", handler: contactList.POST },
  {
    name: "PUT /api/contacts/{id}",
    method: "PUT",
    path: "/api/contacts/{id}",
    handler: contact.PUT,
    params: { id: OWN_CONTACT },
  },
  {
    name: "PUT /api/contacts/{id}/avatar",
    method: "PUT",
    path: "/api/contacts/{id}/avatar",
    handler: contactAvatar.PUT,
    params: { id: OWN_CONTACT },
  },
  {
    name: "POST /api/contacts/import",
    method: "POST",
    path: "/api/contacts/import",
    handler: contactImport.POST,
  },
  { name: "POST /api/reminders", method: "POST", path: "/api/reminders", handler: reminderList.POST },
  {
    name: "PUT /api/reminders/{id}",
    method: "PUT",
    path: "/api/reminders/{id}",
    handler: reminder.PUT,
    params: { id: OWN_REMINDER },
  },
  {
    name: "POST /api/create-checkout-session",
    method: "POST",
    path: "/api/create-checkout-session",
    handler: checkout.POST,
  },
];

/** The endpoint's params and path with its placeholders replaced by the user's own records. */
export async function ownParams(endpoint: JsonEndpoint, userId: string) {
  const params: Record<string, string> = { ...endpoint.params };
  const needs = Object.values(params);
  const own =
    needs.includes(OWN_CONTACT) || needs.includes(OWN_REMINDER) ? await createContact(userId) : null;
  const ownReminder = own && needs.includes(OWN_REMINDER) ? await insertReminder(userId, own.id) : null;
  for (const [key, value] of Object.entries(params)) {
    if (value === OWN_CONTACT && own) params[key] = own.id;
    if (value === OWN_REMINDER && ownReminder) params[key] = ownReminder.id;
  }
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? key);
  return { params, path };
}
