import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Local storage under a fresh directory (the video clip's files), set before lib/env is read.
const dataDir = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/remindful-v1-contract-${process.pid}`;
  delete process.env.S3_BUCKET;
  return process.env.DATA_DIR;
});

import { rm } from "node:fs/promises";
import * as contactRoute from "@/app/api/v1/contacts/[id]/route";
import * as contactsRoute from "@/app/api/v1/contacts/route";
import * as deliveriesRoute from "@/app/api/v1/deliveries/route";
import * as groupRoute from "@/app/api/v1/groups/[id]/route";
import * as groupMembersRoute from "@/app/api/v1/groups/[id]/members/route";
import * as groupMembersRemoveRoute from "@/app/api/v1/groups/[id]/members/remove/route";
import * as groupsRoute from "@/app/api/v1/groups/route";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import * as quickAddRoute from "@/app/api/v1/quick-add/route";
import * as reminderRoute from "@/app/api/v1/reminders/[id]/route";
import * as remindersRoute from "@/app/api/v1/reminders/route";
import * as templateRoute from "@/app/api/v1/templates/[id]/route";
import * as templatesRoute from "@/app/api/v1/templates/route";
import * as usageRoute from "@/app/api/v1/usage/route";
import * as membersRoute from "@/app/api/v1/members/route";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/api/v1/openapi-document";
import { V1_OPERATIONS } from "@/lib/api/v1/v1-operations";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { createReadyMedia, insertSentDelivery } from "../../support/media-fixtures";
import { contractProblems } from "../../support/openapi-contract";
import { localInDays } from "../../support/reminders";

type Handler = Parameters<typeof callV1>[0];

let document: OpenApiDocument;
let key: string;
let readKey: string;
let userId: string;
const called = new Set<string>();

/** Calls an operation for real and checks the answer against the document. */
async function call(
  operationId: string,
  handler: Handler,
  path: string,
  options: Parameters<typeof callV1>[3] & { key?: string | null } = {},
) {
  const answer = await callV1(handler, path, options.key === undefined ? key : options.key, options);
  called.add(operationId);
  expect(contractProblems(document, { operationId, ...answer })).toEqual([]);
  return answer;
}

beforeAll(async () => {
  document = (await (await openapiRoute.GET()).json()) as OpenApiDocument;
  const holder = await createKeyHolder("write");
  key = holder.key;
  userId = holder.user.id;
  readKey = (await createKeyHolder("read")).key;
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("/api/v1 against its OpenAPI document", () => {
  it("serves the document generated from the operations", async () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths ?? {})).toEqual(
      expect.arrayContaining([
        "/groups",
        "/groups/{id}",
        "/groups/{id}/members",
        "/groups/{id}/members/remove",
      ]),
    );
    expect(document.components?.schemas?.Contact).toMatchObject({
      properties: { groupIds: { type: "array", items: { type: "string" } } },
    });
  });

  it("the checker refuses an answer that breaks the document", () => {
    const headers = new Headers({
      "RateLimit-Limit": "1",
      "RateLimit-Remaining": "1",
      "RateLimit-Reset": "1",
    });
    const wrong = { operationId: "getUsage", status: 200, headers, text: JSON.stringify({ plan: "trial" }) };
    expect(contractProblems(document, wrong)).not.toEqual([]);
    expect(contractProblems(document, { ...wrong, status: 418 })).not.toEqual([]);
    expect(contractProblems(document, { ...wrong, headers: new Headers() })).not.toEqual([]);
  });

  it("every operation answers as documented, successes and refusals", async () => {
    // Contacts.
    const created = await call("createContact", contactsRoute.POST, "/contacts", {
      method: "POST",
      body: {
        name: "Ann Lee",
        email: "ann@example.com",
        phone: "+14155552671",
        dates: [{ kind: "birthday", month: 3, day: 14, year: 1950 }],
      },
    });
    expect(created.status).toBe(201);
    const contactId = String(created.json.id);
    expect(created.json.dates).toMatchObject([{ kind: "birthday", month: 3, day: 14, year: 1950 }]);
    const second = await call("createContact", contactsRoute.POST, "/contacts", {
      method: "POST",
      body: { name: "Bo", phone: "+14155552672" },
    });
    expect(second.status).toBe(201);
    expect(
      (
        await call("createContact", contactsRoute.POST, "/contacts", {
          method: "POST",
          body: { name: "Ann again", email: "ann@example.com" },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call("createContact", contactsRoute.POST, "/contacts", { method: "POST", body: { name: "" } }))
        .status,
    ).toBe(400);

    const first = await call("listContacts", contactsRoute.GET, "/contacts", { query: { limit: "1" } });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject([{ name: "Bo" }]);
    const next = await call("listContacts", contactsRoute.GET, "/contacts", {
      query: { limit: "1", cursor: String(first.json.nextCursor) },
    });
    expect(next.json).toMatchObject({ data: [{ name: "Ann Lee" }], nextCursor: null });
    expect(
      (await call("listContacts", contactsRoute.GET, "/contacts", { query: { cursor: "nope" } })).status,
    ).toBe(400);

    expect(
      (await call("getContact", contactRoute.GET, `/contacts/${contactId}`, { params: { id: contactId } }))
        .status,
    ).toBe(200);
    expect(
      (await call("getContact", contactRoute.GET, "/contacts/unknown", { params: { id: "unknown" } })).status,
    ).toBe(404);
    const updated = await call("updateContact", contactRoute.PATCH, `/contacts/${contactId}`, {
      method: "PATCH",
      params: { id: contactId },
      body: { relationship: "Aunt" },
    });
    expect(updated.json).toMatchObject({ id: contactId, relationship: "Aunt", name: "Ann Lee" });

    // Reminders: text once, recurring with confirmation, video with a clip.
    const once = await call("createReminder", remindersRoute.POST, "/reminders", {
      method: "POST",
      body: {
        contactId,
        type: "text",
        message: "Hello {first_name}",
        deliveryMethod: "email",
        scheduleType: "once",
        scheduledFor: localInDays(3),
      },
    });
    expect(once.status).toBe(201);
    const recurring = await call("createReminder", remindersRoute.POST, "/reminders", {
      method: "POST",
      body: {
        contactId,
        message: "Pills",
        deliveryMethod: "sms",
        scheduleType: "recurring",
        frequency: "weekly",
        frequencyConfig: { time: "08:30", days: ["Mon", "Thu"], endCondition: "after", endAfterCount: 5 },
        askConfirmation: true,
        followUpMinutes: 60,
      },
    });
    expect(recurring.status).toBe(201);
    expect(recurring.json).toMatchObject({ askConfirmation: true, followUpMinutes: 60, frequency: "weekly" });
    const clip = await createReadyMedia(userId, "video");
    const video = await call("createReminder", remindersRoute.POST, "/reminders", {
      method: "POST",
      body: {
        contactId,
        type: "video",
        mediaId: clip.id,
        deliveryMethod: "email",
        scheduleType: "once",
        scheduledFor: localInDays(4),
      },
    });
    expect(video.status).toBe(201);
    expect(video.json.media).toMatchObject({ id: clip.id, kind: "video" });
    expect(
      (
        await call("createReminder", remindersRoute.POST, "/reminders", {
          method: "POST",
          body: { contactId, deliveryMethod: "email", scheduleType: "once" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call("createReminder", remindersRoute.POST, "/reminders", {
          method: "POST",
          key: readKey,
          body: {},
        })
      ).status,
    ).toBe(403);

    const reminderId = String(once.json.id);
    const list = await call("listReminders", remindersRoute.GET, "/reminders", { query: { limit: "2" } });
    expect(list.json.data).toHaveLength(2);
    expect(list.json.nextCursor).toEqual(expect.any(String));
    expect(
      (
        await call("getReminder", reminderRoute.GET, `/reminders/${reminderId}`, {
          params: { id: reminderId },
        })
      ).json,
    ).toMatchObject({
      id: reminderId,
      contactName: "Ann Lee",
    });
    const draft = await call("readQuickAdd", quickAddRoute.POST, "/quick-add", {
      method: "POST",
      body: { text: "email Ann every other Tuesday at 8am: bins" },
    });
    expect(draft.json).toMatchObject({ reminder: { contactId, frequencyConfig: { interval: 2 } } });
    const replaced = await call("updateReminder", reminderRoute.PUT, `/reminders/${reminderId}`, {
      method: "PUT",
      params: { id: reminderId },
      body: {
        contactId,
        message: "Changed",
        deliveryMethod: "sms",
        scheduleType: "once",
        scheduledFor: localInDays(5),
      },
    });
    expect(replaced.json).toMatchObject({ message: "Changed", deliveryMethod: "sms" });
    expect(
      (
        await call("cancelReminder", reminderRoute.DELETE, `/reminders/${reminderId}`, {
          method: "DELETE",
          params: { id: reminderId },
        })
      ).json,
    ).toEqual({
      id: reminderId,
      status: "cancelled",
    });
    expect(
      (
        await call("updateReminder", reminderRoute.PUT, `/reminders/${reminderId}`, {
          method: "PUT",
          params: { id: reminderId },
          body: {
            contactId,
            message: "Again",
            deliveryMethod: "sms",
            scheduleType: "once",
            scheduledFor: localInDays(5),
          },
        })
      ).status,
    ).toBe(409);

    // Deliveries, filtered by reminder and by status.
    const videoReminder = { id: String(video.json.id), workspaceId: userId, contactId };
    await insertSentDelivery(videoReminder, new Date(Date.now() - 60_000));
    await insertSentDelivery(videoReminder, new Date(Date.now() - 30_000), {
      status: "failed",
      errorCode: "21610",
      sentAt: null,
    });
    const log = await call("listDeliveries", deliveriesRoute.GET, "/deliveries", {
      query: { reminderId: videoReminder.id },
    });
    expect(log.json.data).toHaveLength(2);
    const failed = await call("listDeliveries", deliveriesRoute.GET, "/deliveries", {
      query: { status: "sent", limit: "1" },
    });
    expect(failed.json).toMatchObject({ data: [{ status: "sent", playback: "active" }], nextCursor: null });
    expect(
      (await call("listDeliveries", deliveriesRoute.GET, "/deliveries", { query: { status: "lost" } }))
        .status,
    ).toBe(400);

    // Templates.
    const templateRequest = {
      method: "POST",
      headers: { "Idempotency-Key": "template-birthday" },
      body: { name: "Birthday", body: "Happy birthday, {first_name}!" },
    };
    const template = await call("createTemplate", templatesRoute.POST, "/templates", templateRequest);
    expect(template.status).toBe(201);
    // The same request again: the stored answer, marked as a replay.
    const replayed = await call("createTemplate", templatesRoute.POST, "/templates", templateRequest);
    expect({ status: replayed.status, replay: replayed.headers.get("Idempotent-Replayed") }).toEqual({
      status: 201,
      replay: "true",
    });
    expect((await call("listTemplates", templatesRoute.GET, "/templates")).json).toMatchObject({
      data: [{ name: "Birthday" }],
      nextCursor: null,
    });
    const templateId = String(template.json.id);
    expect(
      (
        await call("deleteTemplate", templateRoute.DELETE, `/templates/${templateId}`, {
          method: "DELETE",
          params: { id: templateId },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await call("deleteTemplate", templateRoute.DELETE, `/templates/${templateId}`, {
          method: "DELETE",
          params: { id: templateId },
        })
      ).status,
    ).toBe(404);

    // Groups: create with a member, list, get, rename, add and remove members, list its contacts.
    const boId = String(second.json.id);
    const group = await call("createGroup", groupsRoute.POST, "/groups", {
      method: "POST",
      body: { name: "Choir", contactIds: [contactId] },
    });
    expect(group.status).toBe(201);
    expect(group.json).toMatchObject({ name: "Choir", memberCount: 1 });
    const groupId = String(group.json.id);
    expect(
      (await call("createGroup", groupsRoute.POST, "/groups", { method: "POST", body: { name: "choir" } }))
        .json.code,
    ).toBe("duplicate_group_name");
    expect(
      (
        await call("createGroup", groupsRoute.POST, "/groups", {
          method: "POST",
          body: { name: "Strangers", contactIds: ["not-a-contact"] },
        })
      ).json.code,
    ).toBe("contact_not_found");
    const band = await call("createGroup", groupsRoute.POST, "/groups", {
      method: "POST",
      body: { name: "Band" },
    });
    const firstGroups = await call("listGroups", groupsRoute.GET, "/groups", { query: { limit: "1" } });
    expect(firstGroups.json).toMatchObject({ data: [{ name: "Band", memberCount: 0 }] });
    expect(
      (
        await call("listGroups", groupsRoute.GET, "/groups", {
          query: { limit: "1", cursor: String(firstGroups.json.nextCursor) },
        })
      ).json,
    ).toMatchObject({ data: [{ id: groupId }], nextCursor: null });
    expect(
      (await call("getGroup", groupRoute.GET, `/groups/${groupId}`, { params: { id: groupId } })).json,
    ).toEqual(group.json);
    expect(
      (await call("getGroup", groupRoute.GET, "/groups/unknown", { params: { id: "unknown" } })).status,
    ).toBe(404);
    expect(
      (
        await call("renameGroup", groupRoute.PATCH, `/groups/${groupId}`, {
          method: "PATCH",
          params: { id: groupId },
          body: { name: "Church choir" },
        })
      ).json,
    ).toMatchObject({ id: groupId, name: "Church choir" });
    expect(
      (
        await call("renameGroup", groupRoute.PATCH, `/groups/${groupId}`, {
          method: "PATCH",
          params: { id: groupId },
          body: { name: "BAND" },
        })
      ).status,
    ).toBe(409);
    const joined = await call("addGroupMembers", groupMembersRoute.POST, `/groups/${groupId}/members`, {
      method: "POST",
      params: { id: groupId },
      body: { contactIds: [contactId, boId] },
    });
    expect(joined.json).toMatchObject({ added: 1, group: { memberCount: 2 } });
    expect(
      (
        await call("addGroupMembers", groupMembersRoute.POST, `/groups/${groupId}/members`, {
          method: "POST",
          params: { id: groupId },
          body: { contactIds: [] },
        })
      ).status,
    ).toBe(400);
    const members = await call("listContacts", contactsRoute.GET, "/contacts", { query: { groupId } });
    expect(members.json.data).toMatchObject([
      { name: "Bo", groupIds: [groupId] },
      { name: "Ann Lee", groupIds: [groupId] },
    ]);
    expect(
      (await call("listContacts", contactsRoute.GET, "/contacts", { query: { groupId: "unknown" } })).json
        .code,
    ).toBe("group_not_found");
    const left = await call(
      "removeGroupMembers",
      groupMembersRemoveRoute.POST,
      `/groups/${groupId}/members/remove`,
      { method: "POST", params: { id: groupId }, body: { contactIds: [boId] } },
    );
    expect(left.json).toMatchObject({ removed: 1, group: { memberCount: 1 } });
    expect(
      (
        await call("removeGroupMembers", groupMembersRemoveRoute.POST, "/groups/unknown/members/remove", {
          method: "POST",
          params: { id: "unknown" },
          body: { contactIds: [boId] },
        })
      ).json.code,
    ).toBe("group_not_found");
    const bandId = String(band.json.id);
    expect(
      (
        await call("deleteGroup", groupRoute.DELETE, `/groups/${bandId}`, {
          method: "DELETE",
          params: { id: bandId },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await call("deleteGroup", groupRoute.DELETE, `/groups/${bandId}`, {
          method: "DELETE",
          params: { id: bandId },
        })
      ).status,
    ).toBe(404);

    // Usage, then the contact goes with its reminders.
    expect((await call("getUsage", usageRoute.GET, "/usage")).json).toMatchObject({
      plan: "trial",
      contacts: { used: 2, limit: 50 },
    });
    const unauthenticated = await call("getUsage", usageRoute.GET, "/usage", { key: null });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("WWW-Authenticate")).toBe('Bearer realm="Remindful API"');
    // The workspace's members: the key's creator, its owner.
    expect((await call("listMembers", membersRoute.GET, "/members")).json).toMatchObject({
      data: [{ role: "owner" }],
      nextCursor: null,
    });
    expect(
      (
        await call("deleteContact", contactRoute.DELETE, `/contacts/${contactId}`, {
          method: "DELETE",
          params: { id: contactId },
        })
      ).status,
    ).toBe(204);

    expect([...called].sort()).toEqual(V1_OPERATIONS.map((operation) => operation.operationId).sort());
  });
});
