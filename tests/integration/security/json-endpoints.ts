import * as account from "@/app/api/account/route";
import * as apiKeys from "@/app/api/api-keys/route";
import * as authUser from "@/app/api/auth/user/route";
import * as checkout from "@/app/api/create-checkout-session/route";
import * as contactAvatar from "@/app/api/contacts/[id]/avatar/route";
import * as contact from "@/app/api/contacts/[id]/route";
import * as contactImport from "@/app/api/contacts/import/route";
import * as contactList from "@/app/api/contacts/route";
import * as groupMembersRemove from "@/app/api/groups/[id]/members/remove/route";
import * as groupMembers from "@/app/api/groups/[id]/members/route";
import * as group from "@/app/api/groups/[id]/route";
import * as groupList from "@/app/api/groups/route";
import * as media from "@/app/api/media/route";
import * as preferences from "@/app/api/prefs/[token]/route";
import * as reminderSend from "@/app/api/reminders/[id]/send/route";
import * as reminder from "@/app/api/reminders/[id]/route";
import * as dateReminder from "@/app/api/reminders/from-date/route";
import * as reminderList from "@/app/api/reminders/route";
import * as invitations from "@/app/api/team/invitations/route";
import * as teamMember from "@/app/api/team/members/[userId]/route";
import * as transfer from "@/app/api/team/transfer/route";
import * as template from "@/app/api/templates/[id]/route";
import * as templateList from "@/app/api/templates/route";
import * as completeMultipart from "@/app/api/uploads/s3/multipart/[uploadId]/complete/route";
import * as startMultipart from "@/app/api/uploads/s3/multipart/route";
import * as webhookEndpoint from "@/app/api/webhooks/endpoints/[id]/route";
import * as webhookEndpoints from "@/app/api/webhooks/endpoints/route";
import * as workspace from "@/app/api/workspace/route";
import * as outboxReply from "@/app/dev/outbox/reply/route";
import { messageTemplates } from "@/db/schema";
import { db } from "@/lib/db";
import type { callRoute } from "../../support/call-route";
import { insertGroup } from "../../support/groups";
import { createContact, insertReminder } from "../../support/reminders";

type Handler = Parameters<typeof callRoute>[0];

/** Placeholders in `params`, replaced by records the signed-in user owns. */
export const OWN_CONTACT = ":own-contact";
export const OWN_REMINDER = ":own-reminder";
export const OWN_GROUP = ":own-group";
export const OWN_TEMPLATE = ":own-template";

export interface JsonEndpoint {
  name: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  handler: Handler;
  /** Route params; the OWN_* placeholders are filled in by `ownParams`. */
  params?: Record<string, string>;
  /** The query string the route requires besides its body. */
  query?: Record<string, string>;
  /** No body at all (empty or blank) is a valid request: the body's fields all have defaults. */
  bodyOptional?: boolean;
  /** A body the endpoint accepts, which the malformed-body test bends one field at a time. */
  sample: (own: { contactId: string }) => Record<string, unknown>;
}

const REMINDER_SAMPLE = ({ contactId }: { contactId: string }) => ({
  contactId,
  type: "text",
  message: "Hello",
  deliveryMethod: "sms",
  scheduleType: "recurring",
  frequency: "weekly",
  frequencyConfig: { time: "09:00", days: ["Mon", "Wed"] },
  fallback: [{ channel: "email" }],
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
    // Public: the token is the permission; the body is checked before the token is looked up.
    name: "POST /api/prefs/{token}",
    method: "POST",
    path: "/api/prefs/{token}",
    handler: preferences.POST,
    params: { token: "not-a-preferences-link" },
    sample: () => ({
      action: "save",
      channels: ["sms", "email"],
      notBefore: "09:00",
      notAfter: "20:00",
      timeZone: "Europe/Paris",
      pausedUntil: "",
    }),
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
  {
    name: "POST /api/groups",
    method: "POST",
    path: "/api/groups",
    handler: groupList.POST,
    sample: ({ contactId }) => ({ name: "Choir", contactIds: [contactId] }),
  },
  {
    name: "PATCH /api/groups/{id}",
    method: "PATCH",
    path: "/api/groups/{id}",
    handler: group.PATCH,
    params: { id: OWN_GROUP },
    sample: () => ({ name: "Choir" }),
  },
  {
    name: "POST /api/groups/{id}/members",
    method: "POST",
    path: "/api/groups/{id}/members",
    handler: groupMembers.POST,
    params: { id: OWN_GROUP },
    sample: ({ contactId }) => ({ contactIds: [contactId] }),
  },
  {
    name: "POST /api/groups/{id}/members/remove",
    method: "POST",
    path: "/api/groups/{id}/members/remove",
    handler: groupMembersRemove.POST,
    params: { id: OWN_GROUP },
    sample: ({ contactId }) => ({ contactIds: [contactId] }),
  },
  {
    name: "POST /api/media",
    method: "POST",
    path: "/api/media",
    handler: media.POST,
    sample: () => ({ kind: "voice", filename: "hello.webm", type: "audio/webm", size: 1000 }),
  },
  {
    name: "POST /api/reminders/{id}/send",
    method: "POST",
    path: "/api/reminders/{id}/send",
    handler: reminderSend.POST,
    params: { id: OWN_REMINDER },
    bodyOptional: true,
    sample: () => ({ mode: "extra" }),
  },
  {
    name: "POST /api/reminders/from-date",
    method: "POST",
    path: "/api/reminders/from-date",
    handler: dateReminder.POST,
    sample: () => ({
      contactDateId: "unknown-date",
      time: "09:00",
      message: "Happy birthday!",
      leadDays: [7],
    }),
  },
  {
    name: "PUT /api/reminders/from-date",
    method: "PUT",
    path: "/api/reminders/from-date",
    handler: dateReminder.PUT,
    sample: () => ({
      contactDateId: "unknown-date",
      time: "09:00",
      message: "Happy birthday!",
      leadDays: [7],
    }),
  },
  {
    name: "POST /api/team/invitations",
    method: "POST",
    path: "/api/team/invitations",
    handler: invitations.POST,
    sample: () => ({ email: "new-member@example.com", role: "member" }),
  },
  {
    name: "PATCH /api/team/members/{userId}",
    method: "PATCH",
    path: "/api/team/members/{userId}",
    handler: teamMember.PATCH,
    params: { userId: "not-a-member" },
    sample: () => ({ role: "viewer" }),
  },
  {
    name: "POST /api/team/transfer",
    method: "POST",
    path: "/api/team/transfer",
    handler: transfer.POST,
    sample: () => ({ userId: "not-a-member" }),
  },
  {
    name: "POST /api/templates",
    method: "POST",
    path: "/api/templates",
    handler: templateList.POST,
    sample: () => ({ name: "Thanks", body: "Thank you, {first_name}!", locale: "en" }),
  },
  {
    name: "PUT /api/templates/{id}",
    method: "PUT",
    path: "/api/templates/{id}",
    handler: template.PUT,
    params: { id: OWN_TEMPLATE },
    sample: () => ({ name: "Thanks", body: "Thank you, {first_name}!", locale: "en" }),
  },
  {
    name: "POST /api/uploads/s3/multipart",
    method: "POST",
    path: "/api/uploads/s3/multipart",
    handler: startMultipart.POST,
    sample: () => ({
      filename: "hello.webm",
      type: "audio/webm",
      metadata: { mediaId: crypto.randomUUID() },
    }),
  },
  {
    name: "POST /api/uploads/s3/multipart/{uploadId}/complete",
    method: "POST",
    path: "/api/uploads/s3/multipart/{uploadId}/complete",
    handler: completeMultipart.POST,
    params: { uploadId: "unknown-upload" },
    query: { key: "media/unknown/original" },
    sample: () => ({ parts: [{ PartNumber: 1, ETag: '"etag"' }] }),
  },
  {
    name: "POST /api/webhooks/endpoints",
    method: "POST",
    path: "/api/webhooks/endpoints",
    handler: webhookEndpoints.POST,
    sample: () => ({ url: "http://127.0.0.1:9/hooks", description: "CRM", events: ["delivery.sent"] }),
  },
  {
    name: "PATCH /api/webhooks/endpoints/{id}",
    method: "PATCH",
    path: "/api/webhooks/endpoints/{id}",
    handler: webhookEndpoint.PATCH,
    params: { id: "unknown-endpoint" },
    sample: () => ({ description: "CRM", events: ["delivery.sent"], enabled: false }),
  },
  {
    name: "PATCH /api/workspace",
    method: "PATCH",
    path: "/api/workspace",
    handler: workspace.PATCH,
    sample: () => ({ name: "Ann's studio", senderIdentity: "workspace" }),
  },
  {
    // Development only (a 404 in production), after the body is read.
    name: "POST /dev/outbox/reply",
    method: "POST",
    path: "/dev/outbox/reply",
    handler: outboxReply.POST,
    sample: () => ({ messageId: 1, body: "YES" }),
  },
];

/** The endpoint's params and path with its placeholders replaced by the user's own records. */
export async function ownParams(endpoint: JsonEndpoint, userId: string) {
  const params: Record<string, string> = { ...endpoint.params };
  const needs = Object.values(params);
  const own = await createContact(userId);
  const ownReminder = needs.includes(OWN_REMINDER) ? await insertReminder(userId, own.id) : null;
  const ownGroup = needs.includes(OWN_GROUP) ? await insertGroup(userId, `Group ${own.id}`) : null;
  const [ownTemplate] = needs.includes(OWN_TEMPLATE)
    ? await db
        .insert(messageTemplates)
        .values({ workspaceId: userId, name: "Thanks", body: "Thank you!", locale: "en" })
        .returning()
    : [];
  const owned: Record<string, string | undefined> = {
    [OWN_CONTACT]: own.id,
    [OWN_REMINDER]: ownReminder?.id,
    [OWN_GROUP]: ownGroup?.id,
    [OWN_TEMPLATE]: ownTemplate?.id,
  };
  for (const [key, value] of Object.entries(params)) params[key] = owned[value] ?? value;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? key);
  return { params, path, contactId: own.id };
}
