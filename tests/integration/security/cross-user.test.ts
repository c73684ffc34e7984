import { existsSync, readFileSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Local storage under a fresh directory, set before any app module reads lib/env.
const dataDir = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/remindful-cross-user-${process.pid}`;
  delete process.env.S3_BUCKET;
  return process.env.DATA_DIR;
});

import { eq } from "drizzle-orm";
import * as avatarRoute from "@/app/api/contacts/[id]/avatar/route";
import * as contactRoute from "@/app/api/contacts/[id]/route";
import * as contactConsentRoute from "@/app/api/contacts/[id]/consent/route";
import * as contactRestoreRoute from "@/app/api/contacts/[id]/restore/route";
import * as groupRoute from "@/app/api/groups/[id]/route";
import * as groupMembersRoute from "@/app/api/groups/[id]/members/route";
import * as groupMembersRemoveRoute from "@/app/api/groups/[id]/members/remove/route";
import * as groupReachRoute from "@/app/api/groups/[id]/reach/route";
import * as localUploadRoute from "@/app/api/objects/local/uploads/[id]/route";
import * as uploadRoute from "@/app/api/objects/upload/route";
import * as objectRoute from "@/app/api/objects/uploads/[id]/route";
import * as deliveriesRoute from "@/app/api/reminders/[id]/deliveries/route";
import * as membersRoute from "@/app/api/reminders/[id]/members/route";
import * as reminderRoute from "@/app/api/reminders/[id]/route";
import * as retryRoute from "@/app/api/reminders/[id]/retry/route";
import * as reminderRestoreRoute from "@/app/api/reminders/[id]/restore/route";
import * as sendRoute from "@/app/api/reminders/[id]/send/route";
import * as templateRoute from "@/app/api/templates/[id]/route";
import * as webhookEndpointRoute from "@/app/api/webhooks/endpoints/[id]/route";
import * as webhookMessagesRoute from "@/app/api/webhooks/endpoints/[id]/messages/route";
import * as webhookResendRoute from "@/app/api/webhooks/endpoints/[id]/messages/[messageId]/resend/route";
import * as webhookRotateRoute from "@/app/api/webhooks/endpoints/[id]/rotate/route";
import * as webhookSecretRoute from "@/app/api/webhooks/endpoints/[id]/secret/route";
import * as webhookTestRoute from "@/app/api/webhooks/endpoints/[id]/test/route";
import * as revokePlaybackRoute from "@/app/api/deliveries/[id]/revoke-playback/route";
import * as mediaRoute from "@/app/api/media/[id]/route";
import * as mediaPlaybackRoute from "@/app/api/media/[id]/playback/route";
import * as mediaPosterRoute from "@/app/api/media/[id]/poster/route";
import * as mediaUploadedRoute from "@/app/api/media/[id]/uploaded/route";
import * as createMediaRoute from "@/app/api/media/route";
import * as startMultipartRoute from "@/app/api/uploads/s3/multipart/route";
import * as multipartRoute from "@/app/api/uploads/s3/multipart/[uploadId]/route";
import * as partRoute from "@/app/api/uploads/s3/multipart/[uploadId]/[partNumber]/route";
import * as completeRoute from "@/app/api/uploads/s3/multipart/[uploadId]/complete/route";
import * as apiKeyRoute from "@/app/api/api-keys/[id]/route";
import * as v1ContactRoute from "@/app/api/v1/contacts/[id]/route";
import * as v1GroupRoute from "@/app/api/v1/groups/[id]/route";
import * as v1GroupMembersRoute from "@/app/api/v1/groups/[id]/members/route";
import * as v1GroupMembersRemoveRoute from "@/app/api/v1/groups/[id]/members/remove/route";
import * as v1ReminderRoute from "@/app/api/v1/reminders/[id]/route";
import * as v1TemplateRoute from "@/app/api/v1/templates/[id]/route";
import * as teamMemberRoute from "@/app/api/team/members/[userId]/route";
import * as invitationRoute from "@/app/api/team/invitations/[id]/route";
import * as invitationResendRoute from "@/app/api/team/invitations/[id]/resend/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { inviteMember } from "@/lib/team/invite-member";
import { switchWorkspace } from "@/lib/workspaces/switch-workspace";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { createReminder } from "@/lib/reminders/create-reminder";
import { reminderInputSchema } from "@/lib/validations/reminder";
import {
  contactGroupMembers,
  contactGroups,
  contacts,
  messageTemplates,
  storedObjects,
  users,
  webhookEndpoints,
  webhookMessages,
} from "@/db/schema";
import { db } from "@/lib/db";
import { getLocalStorage } from "@/lib/storage/get-storage";
import { objectPathOf, uploadKeyOf } from "@/lib/storage/object-path";
import { callRoute } from "../../support/call-route";
import { createGroup, groupBody } from "../../support/group-reminders";
import { createReadyMedia, insertSentDelivery } from "../../support/media-fixtures";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createContact, insertReminder, localInDays } from "../../support/reminders";
import { createSignedInMember, createSignedInUser, ownActor } from "../../support/users";

type Handler = Parameters<typeof callRoute>[0];

/** What user A owns; user B tries to reach it. */
interface Fixture {
  contactId: string;
  scheduledId: string;
  failedId: string;
  /** A's reminder cancelled and A's contact deleted just now: both still within their undo window. */
  cancelledId: string;
  deletedContactId: string;
  readyObjectId: string;
  templateId: string;
  /** A's group, with A's contact in it. */
  groupId: string;
  /** A's pending upload and the signed URL A was given for it. */
  pendingUploadId: string;
  /** B's own signed upload URL (valid, but for B's key). */
  otherUploadUrl: URL;
  ownContactOfB: string;
  cookieB: string;
  /** A's ready video clip, a sent delivery of it, and A's clip being uploaded in parts. */
  mediaId: string;
  deliveryId: number;
  uploadingMediaId: string;
  uploadId: string;
  uploadKey: string;
  /** A's API key, and B's own write key (v1 routes authenticate with it, not the cookie). */
  apiKeyId: string;
  bearerB: Record<string, string>;
  /** A's webhook endpoint and one of its messages. */
  endpointId: string;
  webhookMessageId: number;
  /** A's reminder to A's group, and B's own group (B edits A's reminder to it). */
  groupReminderId: string;
  ownGroupOfB: string;
  /** A member of A's workspace, and an invitation to it. */
  memberOfA: string;
  invitationId: string;
}

interface Attempt {
  name: string;
  handler: Handler;
  method: "GET" | "PUT" | "PATCH" | "POST" | "DELETE";
  status: number;
  /** Params and body (and query) built from A's ids. */
  build(f: Fixture): {
    path: string;
    params: Record<string, string>;
    body?: unknown;
    query?: Record<string, string>;
    headers?: Record<string, string>;
  };
}

const reminderBody = (f: Fixture) => ({
  contactId: f.contactId,
  type: "text",
  message: "Taken over",
  deliveryMethod: "sms",
  scheduleType: "once",
  scheduledFor: localInDays(3),
});

/** Every `[param]` route file, by path under app/api, with what B tries there. */
const ID_ROUTES: Record<string, Attempt[]> = {
  "webhooks/endpoints/[id]/route.ts": [
    {
      name: "PATCH /api/webhooks/endpoints/{A's endpoint}",
      handler: webhookEndpointRoute.PATCH,
      method: "PATCH",
      status: 404,
      build: (f) => ({
        path: `/api/webhooks/endpoints/${f.endpointId}`,
        params: { id: f.endpointId },
        body: { description: "Taken over" },
      }),
    },
    {
      name: "DELETE /api/webhooks/endpoints/{A's endpoint}",
      handler: webhookEndpointRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({ path: `/api/webhooks/endpoints/${f.endpointId}`, params: { id: f.endpointId } }),
    },
  ],
  "webhooks/endpoints/[id]/secret/route.ts": [
    {
      name: "GET /api/webhooks/endpoints/{A's endpoint}/secret",
      handler: webhookSecretRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({
        path: `/api/webhooks/endpoints/${f.endpointId}/secret`,
        params: { id: f.endpointId },
      }),
    },
  ],
  "webhooks/endpoints/[id]/rotate/route.ts": [
    {
      name: "POST /api/webhooks/endpoints/{A's endpoint}/rotate",
      handler: webhookRotateRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/webhooks/endpoints/${f.endpointId}/rotate`,
        params: { id: f.endpointId },
      }),
    },
  ],
  "webhooks/endpoints/[id]/test/route.ts": [
    {
      name: "POST /api/webhooks/endpoints/{A's endpoint}/test",
      handler: webhookTestRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({ path: `/api/webhooks/endpoints/${f.endpointId}/test`, params: { id: f.endpointId } }),
    },
  ],
  "webhooks/endpoints/[id]/messages/route.ts": [
    {
      name: "GET /api/webhooks/endpoints/{A's endpoint}/messages",
      handler: webhookMessagesRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({
        path: `/api/webhooks/endpoints/${f.endpointId}/messages`,
        params: { id: f.endpointId },
      }),
    },
  ],
  "webhooks/endpoints/[id]/messages/[messageId]/resend/route.ts": [
    {
      name: "POST /api/webhooks/endpoints/{A's endpoint}/messages/{A's message}/resend",
      handler: webhookResendRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/webhooks/endpoints/${f.endpointId}/messages/${f.webhookMessageId}/resend`,
        params: { id: f.endpointId, messageId: String(f.webhookMessageId) },
      }),
    },
  ],
  "media/[id]/route.ts": [
    {
      name: "GET /api/media/{A's clip}",
      handler: mediaRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({ path: `/api/media/${f.mediaId}`, params: { id: f.mediaId } }),
    },
    {
      name: "DELETE /api/media/{A's clip}",
      handler: mediaRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({ path: `/api/media/${f.mediaId}`, params: { id: f.mediaId } }),
    },
  ],
  "media/[id]/uploaded/route.ts": [
    {
      name: "POST /api/media/{A's uploading clip}/uploaded",
      handler: mediaUploadedRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/media/${f.uploadingMediaId}/uploaded`,
        params: { id: f.uploadingMediaId },
      }),
    },
  ],
  "media/[id]/playback/route.ts": [
    {
      name: "GET /api/media/{A's clip}/playback",
      handler: mediaPlaybackRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({ path: `/api/media/${f.mediaId}/playback`, params: { id: f.mediaId } }),
    },
  ],
  "media/[id]/poster/route.ts": [
    {
      name: "GET /api/media/{A's clip}/poster",
      handler: mediaPosterRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({ path: `/api/media/${f.mediaId}/poster`, params: { id: f.mediaId } }),
    },
  ],
  "deliveries/[id]/revoke-playback/route.ts": [
    {
      name: "POST /api/deliveries/{A's delivery}/revoke-playback",
      handler: revokePlaybackRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/deliveries/${f.deliveryId}/revoke-playback`,
        params: { id: String(f.deliveryId) },
      }),
    },
  ],
  "uploads/s3/multipart/[uploadId]/route.ts": [
    {
      name: "GET /api/uploads/s3/multipart/{A's upload} (list parts)",
      handler: multipartRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({
        path: `/api/uploads/s3/multipart/${f.uploadId}`,
        params: { uploadId: f.uploadId },
        query: { key: f.uploadKey },
      }),
    },
    {
      name: "DELETE /api/uploads/s3/multipart/{A's upload} (abort)",
      handler: multipartRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({
        path: `/api/uploads/s3/multipart/${f.uploadId}`,
        params: { uploadId: f.uploadId },
        query: { key: f.uploadKey },
      }),
    },
  ],
  "uploads/s3/multipart/[uploadId]/[partNumber]/route.ts": [
    {
      name: "GET /api/uploads/s3/multipart/{A's upload}/1 (sign a part)",
      handler: partRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({
        path: `/api/uploads/s3/multipart/${f.uploadId}/1`,
        params: { uploadId: f.uploadId, partNumber: "1" },
        query: { key: f.uploadKey },
      }),
    },
  ],
  "uploads/s3/multipart/[uploadId]/complete/route.ts": [
    {
      name: "POST /api/uploads/s3/multipart/{A's upload}/complete",
      handler: completeRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/uploads/s3/multipart/${f.uploadId}/complete`,
        params: { uploadId: f.uploadId },
        query: { key: f.uploadKey },
        body: { parts: [{ PartNumber: 1, ETag: '"0123456789abcdef0123456789abcdef"' }] },
      }),
    },
  ],
  "contacts/[id]/route.ts": [
    {
      name: "PUT /api/contacts/{A's contact}",
      handler: contactRoute.PUT,
      method: "PUT",
      status: 404,
      build: (f) => ({
        path: `/api/contacts/${f.contactId}`,
        params: { id: f.contactId },
        body: { name: "Mallory" },
      }),
    },
    {
      name: "DELETE /api/contacts/{A's contact}",
      handler: contactRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({ path: `/api/contacts/${f.contactId}`, params: { id: f.contactId } }),
    },
  ],
  "contacts/[id]/consent/route.ts": [
    {
      name: "GET /api/contacts/{A's contact}/consent",
      handler: contactConsentRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({ path: `/api/contacts/${f.contactId}/consent`, params: { id: f.contactId } }),
    },
  ],
  "contacts/[id]/avatar/route.ts": [
    {
      name: "PUT /api/contacts/{A's contact}/avatar",
      handler: avatarRoute.PUT,
      method: "PUT",
      status: 404,
      build: (f) => ({
        path: `/api/contacts/${f.contactId}/avatar`,
        params: { id: f.contactId },
        body: { avatarUrl: f.otherUploadUrl.toString() },
      }),
    },
    {
      name: "PUT /api/contacts/{B's contact}/avatar with A's upload",
      handler: avatarRoute.PUT,
      method: "PUT",
      status: 404,
      build: (f) => ({
        path: `/api/contacts/${f.ownContactOfB}/avatar`,
        params: { id: f.ownContactOfB },
        body: {
          avatarUrl: new URL(`/api/objects/local/uploads/${f.pendingUploadId}`, f.otherUploadUrl).toString(),
        },
      }),
    },
  ],
  "reminders/[id]/route.ts": [
    {
      name: "PUT /api/reminders/{A's reminder}",
      handler: reminderRoute.PUT,
      method: "PUT",
      status: 404,
      build: (f) => ({
        path: `/api/reminders/${f.scheduledId}`,
        params: { id: f.scheduledId },
        body: reminderBody(f),
      }),
    },
    {
      name: "DELETE /api/reminders/{A's reminder}",
      handler: reminderRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({ path: `/api/reminders/${f.scheduledId}`, params: { id: f.scheduledId } }),
    },
    {
      name: "PUT /api/reminders/{A's group reminder}",
      handler: reminderRoute.PUT,
      method: "PUT",
      status: 404,
      build: (f) => ({
        path: `/api/reminders/${f.groupReminderId}`,
        params: { id: f.groupReminderId },
        body: { ...reminderBody(f), contactId: null, groupId: f.ownGroupOfB },
      }),
    },
    {
      name: "DELETE /api/reminders/{A's group reminder}",
      handler: reminderRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({ path: `/api/reminders/${f.groupReminderId}`, params: { id: f.groupReminderId } }),
    },
  ],
  "api-keys/[id]/route.ts": [
    {
      name: "DELETE /api/api-keys/{A's key}",
      handler: apiKeyRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({ path: `/api/api-keys/${f.apiKeyId}`, params: { id: f.apiKeyId } }),
    },
  ],
  "v1/contacts/[id]/route.ts": (["GET", "PATCH", "DELETE"] as const).map((method) => ({
    name: `${method} /api/v1/contacts/{A's contact} with B's key`,
    handler: v1ContactRoute[method],
    method,
    status: 404,
    build: (f: Fixture) => ({
      path: `/api/v1/contacts/${f.contactId}`,
      params: { id: f.contactId },
      body: method === "PATCH" ? { name: "Mallory" } : undefined,
      headers: f.bearerB,
    }),
  })),
  "v1/groups/[id]/route.ts": (["GET", "PATCH", "DELETE"] as const).map((method) => ({
    name: `${method} /api/v1/groups/{A's group} with B's key`,
    handler: v1GroupRoute[method],
    method,
    status: 404,
    build: (f: Fixture) => ({
      path: `/api/v1/groups/${f.groupId}`,
      params: { id: f.groupId },
      body: method === "PATCH" ? { name: "Taken over" } : undefined,
      headers: f.bearerB,
    }),
  })),
  "v1/groups/[id]/members/route.ts": [
    {
      name: "POST /api/v1/groups/{A's group}/members with B's key (B's own contact)",
      handler: v1GroupMembersRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/v1/groups/${f.groupId}/members`,
        params: { id: f.groupId },
        body: { contactIds: [f.ownContactOfB] },
        headers: f.bearerB,
      }),
    },
  ],
  "v1/groups/[id]/members/remove/route.ts": [
    {
      name: "POST /api/v1/groups/{A's group}/members/remove with B's key",
      handler: v1GroupMembersRemoveRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/v1/groups/${f.groupId}/members/remove`,
        params: { id: f.groupId },
        body: { contactIds: [f.contactId] },
        headers: f.bearerB,
      }),
    },
  ],
  "v1/reminders/[id]/route.ts": (["GET", "PUT", "DELETE"] as const).map((method) => ({
    name: `${method} /api/v1/reminders/{A's reminder} with B's key`,
    handler: v1ReminderRoute[method],
    method,
    status: 404,
    build: (f: Fixture) => ({
      path: `/api/v1/reminders/${f.scheduledId}`,
      params: { id: f.scheduledId },
      body: method === "PUT" ? reminderBody(f) : undefined,
      headers: f.bearerB,
    }),
  })),
  "v1/templates/[id]/route.ts": [
    {
      name: "DELETE /api/v1/templates/{A's template} with B's key",
      handler: v1TemplateRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({
        path: `/api/v1/templates/${f.templateId}`,
        params: { id: f.templateId },
        headers: f.bearerB,
      }),
    },
  ],
  "templates/[id]/route.ts": [
    {
      name: "PUT /api/templates/{A's template}",
      handler: templateRoute.PUT,
      method: "PUT",
      status: 404,
      build: (f) => ({
        path: `/api/templates/${f.templateId}`,
        params: { id: f.templateId },
        body: { name: "Taken over", body: "Taken over" },
      }),
    },
    {
      name: "DELETE /api/templates/{A's template}",
      handler: templateRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({ path: `/api/templates/${f.templateId}`, params: { id: f.templateId } }),
    },
  ],
  "groups/[id]/route.ts": [
    {
      name: "GET /api/groups/{A's group}",
      handler: groupRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({ path: `/api/groups/${f.groupId}`, params: { id: f.groupId } }),
    },
    {
      name: "PATCH /api/groups/{A's group}",
      handler: groupRoute.PATCH,
      method: "PATCH",
      status: 404,
      build: (f) => ({
        path: `/api/groups/${f.groupId}`,
        params: { id: f.groupId },
        body: { name: "Taken over" },
      }),
    },
    {
      name: "DELETE /api/groups/{A's group}",
      handler: groupRoute.DELETE,
      method: "DELETE",
      status: 404,
      build: (f) => ({ path: `/api/groups/${f.groupId}`, params: { id: f.groupId } }),
    },
  ],
  "groups/[id]/members/route.ts": [
    {
      name: "POST /api/groups/{A's group}/members (B's own contact)",
      handler: groupMembersRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/groups/${f.groupId}/members`,
        params: { id: f.groupId },
        body: { contactIds: [f.ownContactOfB] },
      }),
    },
  ],
  "groups/[id]/members/remove/route.ts": [
    {
      name: "POST /api/groups/{A's group}/members/remove (A's contact)",
      handler: groupMembersRemoveRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/groups/${f.groupId}/members/remove`,
        params: { id: f.groupId },
        body: { contactIds: [f.contactId] },
      }),
    },
  ],
  "groups/[id]/reach/route.ts": [
    {
      name: "GET /api/groups/{A's group}/reach",
      handler: groupReachRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({
        path: `/api/groups/${f.groupId}/reach`,
        params: { id: f.groupId },
        query: { channels: "sms,email" },
      }),
    },
  ],
  "reminders/[id]/send/route.ts": [
    {
      name: "POST /api/reminders/{A's reminder}/send",
      handler: sendRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({ path: `/api/reminders/${f.scheduledId}/send`, params: { id: f.scheduledId } }),
    },
  ],
  "reminders/[id]/deliveries/route.ts": [
    {
      name: "GET /api/reminders/{A's reminder}/deliveries",
      handler: deliveriesRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({ path: `/api/reminders/${f.failedId}/deliveries`, params: { id: f.failedId } }),
    },
  ],
  "reminders/[id]/members/route.ts": [
    {
      name: "GET /api/reminders/{A's group reminder}/members",
      handler: membersRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({
        path: `/api/reminders/${f.groupReminderId}/members`,
        params: { id: f.groupReminderId },
      }),
    },
  ],
  "reminders/[id]/restore/route.ts": [
    {
      name: "POST /api/reminders/{A's cancelled reminder}/restore",
      handler: reminderRestoreRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({ path: `/api/reminders/${f.cancelledId}/restore`, params: { id: f.cancelledId } }),
    },
  ],
  "contacts/[id]/restore/route.ts": [
    {
      name: "POST /api/contacts/{A's deleted contact}/restore",
      handler: contactRestoreRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({
        path: `/api/contacts/${f.deletedContactId}/restore`,
        params: { id: f.deletedContactId },
      }),
    },
  ],
  "reminders/[id]/retry/route.ts": [
    {
      name: "POST /api/reminders/{A's failed reminder}/retry",
      handler: retryRoute.POST,
      method: "POST",
      status: 404,
      build: (f) => ({ path: `/api/reminders/${f.failedId}/retry`, params: { id: f.failedId } }),
    },
  ],
  "objects/uploads/[id]/route.ts": [
    {
      name: "GET /api/objects/uploads/{A's avatar}",
      handler: objectRoute.GET,
      method: "GET",
      status: 404,
      build: (f) => ({ path: objectPathOf(f.readyObjectId), params: { id: f.readyObjectId } }),
    },
  ],
  // Authorised by the URL's signature, not the session: B's valid signature is for B's key only.
  "objects/local/uploads/[id]/route.ts": [
    {
      name: "PUT /api/objects/local/uploads/{A's upload} with B's signature",
      handler: localUploadRoute.PUT,
      method: "PUT",
      status: 403,
      build: (f) => ({
        path: `/api/objects/local/uploads/${f.pendingUploadId}`,
        params: { id: f.pendingUploadId },
        body: "not an image, and not B's to write",
        query: Object.fromEntries(f.otherUploadUrl.searchParams),
      }),
    },
  ],
};

ID_ROUTES["team/members/[userId]/route.ts"] = [
  {
    name: "PATCH /api/team/members/{A's member} (a role)",
    handler: teamMemberRoute.PATCH,
    method: "PATCH",
    status: 404,
    build: (f) => ({
      path: `/api/team/members/${f.memberOfA}`,
      params: { userId: f.memberOfA },
      body: { role: "viewer" },
    }),
  },
  {
    name: "DELETE /api/team/members/{A's member}",
    handler: teamMemberRoute.DELETE,
    method: "DELETE",
    status: 404,
    build: (f) => ({ path: `/api/team/members/${f.memberOfA}`, params: { userId: f.memberOfA } }),
  },
];
ID_ROUTES["team/invitations/[id]/route.ts"] = [
  {
    name: "DELETE /api/team/invitations/{A's invitation}",
    handler: invitationRoute.DELETE,
    method: "DELETE",
    status: 404,
    build: (f) => ({ path: `/api/team/invitations/${f.invitationId}`, params: { id: f.invitationId } }),
  },
];
ID_ROUTES["team/invitations/[id]/resend/route.ts"] = [
  {
    name: "POST /api/team/invitations/{A's invitation}/resend",
    handler: invitationResendRoute.POST,
    method: "POST",
    status: 404,
    build: (f) => ({
      path: `/api/team/invitations/${f.invitationId}/resend`,
      params: { id: f.invitationId },
    }),
  },
];

/** Param routes that own nothing per user, and why. */
const NOT_USER_OWNED: Record<string, string> = {
  "auth/[...nextauth]/route.ts": "Auth.js's catch-all; no user-owned ids",
  "unsubscribe/[token]/route.ts": "the token itself is the capability (mail footer link), no session",
  "calendar/[file]/route.ts": "the feed token itself is the capability (calendar apps send no session)",
  "play/[token]/playback/route.ts":
    "the playback link's token is the capability (recipients have no session)",
  "play/[token]/poster/route.ts": "the playback link's token is the capability (e-mail clients load it)",
  "play/[token]/video.mp4/route.ts": "the playback link's token is the capability (Twilio fetches it)",
  "play/[token]/played/route.ts": "the playback link's token is the capability (the recipient's player)",
  "play/[token]/call.mp3/route.ts":
    "the call's expiring audio token is the capability (Twilio fetches it during the call)",
  "prefs/[token]/route.ts":
    "the preferences link's token is the capability: it names one delivery, hence one contact (tests/integration/preferences)",
  "objects/local/multipart/[uploadId]/[partNumber]/route.ts":
    "the URL's signature is the capability, as a presigned S3 part URL is (tested with the uploads)",
  "invitations/[token]/accept/route.ts":
    "the invitation's token is the capability, and accepting checks the invited address (tests/integration/team)",
};

/**
 * Server actions, reviewed: none takes a record id, each acts on the session's own user
 * only. A new actions file must be reviewed (and given cross-user cases if it takes ids).
 */
const SERVER_ACTIONS: Record<string, string> = {
  "lib/actions/request-magic-link.ts": "signed-out: requests a magic link",
  "lib/actions/sign-in-with-provider.ts": "signed-out: starts OAuth",
  "lib/actions/add-seats.ts": "adds members to the workspace's own subscription; takes a count, no id",
  "lib/actions/open-billing-portal.ts": "the user's own billing portal",
  "lib/actions/save-auto-recharge.ts": "the user's own auto-recharge",
  "lib/actions/complete-test-payment.ts": "the user's own demo checkout",
  "lib/actions/save-failure-alerts.ts": "the user's own failure-alert setting",
  "lib/actions/load-contact-options.ts":
    "reads the user's own contacts for the reminder dialog; takes no input",
  "lib/actions/create-calendar-feed-link.ts": "the user's own calendar feed link (takes no input)",
  "lib/actions/save-locale.ts": "the user's own locale",
  "lib/actions/save-time-zone.ts": "the user's own time zone",
  "lib/actions/read-quick-add.ts":
    "reads a quick-add line against the user's own contacts only; takes no record id",
  "lib/actions/hide-first-run-checklist.ts": "hides the user's own dashboard checklist; takes no input",
  "lib/actions/switch-workspace.ts":
    "takes a workspace id: one the person does not belong to is a 404 (the case below)",
};

function serverActionFiles(): string[] {
  return ["app", "components", "lib"]
    .flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: "utf8" }).map((file) => path.join(root, file)),
    )
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => /^\s*["']use server["']/.test(readFileSync(file, "utf8")))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

function paramRouteFiles(dir = path.resolve("app/api")): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts" && /\[[^/]+\]/.test(file))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

let fixture: Fixture;

beforeAll(async () => {
  const a = await createSignedInUser();
  const b = await createSignedInUser();
  const contact = await createContact(a.user.id);
  const scheduled = await insertReminder(a.user.id, contact.id);
  const failed = await insertReminder(a.user.id, contact.id, { status: "failed" });
  const cancelled = await insertReminder(a.user.id, contact.id);
  await cancelReminder(await ownActor(a.user.id), cancelled.id);
  const doomed = await createContact(a.user.id, { name: "A's deleted" });
  await insertReminder(a.user.id, doomed.id);
  await deleteContact(await ownActor(a.user.id), doomed.id);
  const [ready] = await db
    .insert(storedObjects)
    .values({
      workspaceId: a.user.id,
      key: `uploads/${crypto.randomUUID()}`,
      status: "ready",
      contentType: "image/png",
      size: 68,
    })
    .returning();
  await db
    .update(contacts)
    .set({ avatarUrl: objectPathOf(ready.id) })
    .where(eq(contacts.id, contact.id));
  const [template] = await db
    .insert(messageTemplates)
    .values({ workspaceId: a.user.id, name: "A's template", body: "Hello {first_name}", locale: "en" })
    .returning();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      workspaceId: a.user.id,
      url: "https://hooks.example.com/a",
      events: ["delivery.sent"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    })
    .returning();
  const [webhookMessage] = await db
    .insert(webhookMessages)
    .values({
      endpointId: endpoint.id,
      workspaceId: a.user.id,
      messageId: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
      eventType: "delivery.sent",
      payload: { type: "delivery.sent", timestamp: new Date().toISOString(), data: {} },
      occurredAt: new Date(),
      status: "delivered",
    })
    .returning();
  const [group] = await db
    .insert(contactGroups)
    .values({ workspaceId: a.user.id, name: "A's group" })
    .returning();
  await db
    .insert(contactGroupMembers)
    .values({ groupId: group.id, contactId: contact.id, workspaceId: a.user.id });
  const clip = await createReadyMedia(a.user.id, "video");
  const mediaReminder = await insertReminder(a.user.id, contact.id, {
    type: "video",
    mediaId: clip.id,
    status: "sent",
  });
  const delivery = await insertSentDelivery(mediaReminder, new Date());
  const uploading = (
    await callRoute<{ media: { id: string } }>(createMediaRoute.POST, "/api/media", {
      method: "POST",
      cookie: a.cookie,
      body: { kind: "video", filename: "clip.webm", type: "video/webm", size: 200 * 1024 * 1024 },
    })
  ).json.media;
  const multipart = await callRoute<{ uploadId: string; key: string }>(
    startMultipartRoute.POST,
    "/api/uploads/s3/multipart",
    {
      method: "POST",
      cookie: a.cookie,
      body: { filename: "clip.webm", type: "video/webm", metadata: { mediaId: uploading.id } },
    },
  );
  const upload = (cookie: string) =>
    callRoute(uploadRoute.POST, "/api/objects/upload", { method: "POST", cookie });
  const pendingUrl = new URL(String((await upload(a.cookie)).json.uploadURL));
  const otherUrl = new URL(String((await upload(b.cookie)).json.uploadURL));
  fixture = {
    contactId: contact.id,
    scheduledId: scheduled.id,
    failedId: failed.id,
    cancelledId: cancelled.id,
    deletedContactId: doomed.id,
    readyObjectId: ready.id,
    templateId: template.id,
    groupId: group.id,
    pendingUploadId: pendingUrl.pathname.split("/").pop() ?? "",
    otherUploadUrl: otherUrl,
    ownContactOfB: (await createContact(b.user.id, { name: "B's own" })).id,
    cookieB: b.cookie,
    mediaId: clip.id,
    deliveryId: delivery.id,
    uploadingMediaId: uploading.id,
    uploadId: String(multipart.json.uploadId),
    uploadKey: String(multipart.json.key),
    apiKeyId: (await createApiKey(await ownActor(a.user.id), { name: "A's key", scope: "write" })).id,
    bearerB: {
      authorization: `Bearer ${(await createApiKey(await ownActor(b.user.id), { name: "B's key", scope: "write" })).key}`,
    },
    endpointId: endpoint.id,
    webhookMessageId: webhookMessage.id,
    groupReminderId: (
      await createReminder(
        await ownActor(a.user.id),
        reminderInputSchema.parse(groupBody((await createGroup(a.user.id, [contact.id])).id)),
      )
    ).id,
    ownGroupOfB: (await createGroup(b.user.id, [], "B's group")).id,
    memberOfA: (await createSignedInMember(a.workspace, "member")).user.id,
    invitationId: (
      await inviteMember(
        await ownActor(a.user.id),
        { email: "invited@example.com", role: "viewer" },
        "http://localhost:3000",
      )
    ).id,
  };
  workspaceOfA = a.workspace.id;
  userB = b.user.id;
});

let workspaceOfA: string;
let userB: string;

describe("another workspace, by the switch", () => {
  it("a person switching to a workspace they do not belong to gets a 404 and still acts in their own", async () => {
    await expect(switchWorkspace(userB, workspaceOfA)).rejects.toMatchObject({ kind: "not_found" });
    const [b] = await db.select().from(users).where(eq(users.id, userB));
    expect(b.currentWorkspaceId).toBe(userB);
  });
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("another user's ids", () => {
  const attempts = Object.values(ID_ROUTES).flat();

  it.each(attempts)("$name answers $status and changes nothing", async (attempt) => {
    const { path: routePath, params, body, query, headers } = attempt.build(fixture);
    const before = await snapshotDatabase();
    const res = await callRoute(attempt.handler, routePath, {
      method: attempt.method,
      cookie: fixture.cookieB,
      params,
      body,
      query,
      headers,
    });
    expect(res.status).toBe(attempt.status);
    expect(await snapshotDatabase()).toEqual(before);
    const local = getLocalStorage();
    expect(local).not.toBeNull();
    expect(existsSync(local?.pathOf(uploadKeyOf(fixture.pendingUploadId)) ?? "")).toBe(false);
  });

  it("covers every [param] route under app/api", () => {
    const files = paramRouteFiles();
    expect(files.length).toBeGreaterThan(0);
    const uncovered = files.filter((file) => !(file in ID_ROUTES) && !(file in NOT_USER_OWNED));
    expect(uncovered).toEqual([]);
    expect(Object.keys({ ...ID_ROUTES, ...NOT_USER_OWNED }).sort()).toEqual(files);
  });

  it("has reviewed every server-action file (none takes another record's id)", () => {
    expect(serverActionFiles()).toEqual(Object.keys(SERVER_ACTIONS).sort());
  });
});
