import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import * as reminderRoute from "@/app/api/v1/reminders/[id]/route";
import * as remindersRoute from "@/app/api/v1/reminders/route";
import { reminders, webhookEndpoints, webhookMessages } from "@/db/schema";
import type { OpenApiDocument } from "@/lib/api/v1/openapi-document";
import { db } from "@/lib/db";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { createGroup, createMembers, groupBody } from "../../support/group-reminders";
import { contractProblems } from "../../support/openapi-contract";

let document: OpenApiDocument;

beforeAll(async () => {
  document = (await (await openapiRoute.GET()).json()) as OpenApiDocument;
});

/** Calls a v1 operation and checks its answer against the served document. */
async function call(
  operationId: string,
  answer: Awaited<ReturnType<typeof callV1<Record<string, unknown>>>>,
) {
  expect(contractProblems(document, { operationId, ...answer })).toEqual([]);
  return answer;
}

describe("/api/v1 group reminders", () => {
  it("create, read, edit and cancel a group reminder with its fields; events carry groupId", async () => {
    const { key, user } = await createKeyHolder("write", { timezone: "Europe/Paris" });
    await db.insert(webhookEndpoints).values({
      workspaceId: user.id,
      url: "https://hooks.example.com/v1-groups",
      events: ["reminder.created", "reminder.cancelled"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    const members = await createMembers(user.id, ["America/New_York", "Asia/Tokyo"]);
    const group = await createGroup(
      user.id,
      members.map((m) => m.id),
    );
    const body = groupBody(group.id, {
      groupTiming: "same_instant",
      deliveryMethod: "whatsapp",
      askConfirmation: true,
      fallback: [{ channel: "sms" }, { channel: "email", afterMinutes: 60 }],
    });
    const created = await call(
      "createReminder",
      await callV1(remindersRoute.POST, "/reminders", key, { method: "POST", body }),
    );
    expect(created.status).toBe(201);
    const fields = {
      recipient: "group",
      contactId: null,
      groupId: group.id,
      groupName: "Choir",
      groupTiming: "same_instant",
      memberCount: 2,
      fallback: [
        { channel: "sms", afterMinutes: null },
        { channel: "email", afterMinutes: 60 },
      ],
      parentReminderId: null,
    };
    expect(created.json).toMatchObject(fields);
    const id = created.json.id as string;

    const read = await call(
      "getReminder",
      await callV1(reminderRoute.GET, `/reminders/${id}`, key, { params: { id } }),
    );
    expect(read.json).toMatchObject(fields);

    const listed = await call("listReminders", await callV1(remindersRoute.GET, "/reminders", key));
    const items = (listed.json as unknown as { data: { id: string }[] }).data;
    expect(items.map((item) => item.id)).toEqual([id]);

    const edited = await call(
      "updateReminder",
      await callV1(reminderRoute.PUT, `/reminders/${id}`, key, {
        method: "PUT",
        params: { id },
        body: { ...body, groupTiming: "local_time", fallback: [] },
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ groupTiming: "local_time", fallback: [] });

    const [member] = await db.select().from(reminders).where(eq(reminders.parentReminderId, id));
    const memberEdit = await call(
      "updateReminder",
      await callV1(reminderRoute.PUT, `/reminders/${member.id}`, key, {
        method: "PUT",
        params: { id: member.id },
        body: { ...body, groupId: null, contactId: member.contactId },
      }),
    );
    expect(memberEdit.status).toBe(409);
    expect(memberEdit.json.code).toBe("member_reminder_read_only");

    const cancelled = await call(
      "cancelReminder",
      await callV1(reminderRoute.DELETE, `/reminders/${id}`, key, { method: "DELETE", params: { id } }),
    );
    expect(cancelled.status).toBe(200);

    const events = await db
      .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(eq(webhookMessages.workspaceId, user.id));
    expect(events.map((e) => e.type).sort()).toEqual(["reminder.cancelled", "reminder.created"]);
    for (const event of events)
      expect(event.payload).toMatchObject({ data: { reminderId: id, groupId: group.id } });
  });

  it("refusals as documented: an unknown group 404, an empty one 422, over the quota 403", async () => {
    const { key, user } = await createKeyHolder("write", {
      remindersQuota: 1,
      remindersUsedCurrentPeriod: 0,
    });
    const post = (body: unknown) => callV1(remindersRoute.POST, "/reminders", key, { method: "POST", body });

    const unknown = await call(
      "createReminder",
      await post(groupBody("00000000-0000-4000-8000-000000000000")),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("group_not_found");

    const empty = await call(
      "createReminder",
      await post(groupBody((await createGroup(user.id, [], "Empty")).id)),
    );
    expect(empty.status).toBe(422);
    expect(empty.json.code).toBe("group_empty");

    const members = await createMembers(user.id, ["Europe/Paris", "Asia/Tokyo"]);
    const big = await createGroup(
      user.id,
      members.map((m) => m.id),
      "Big",
    );
    const over = await call("createReminder", await post(groupBody(big.id)));
    expect(over.status).toBe(403);
    expect(over.json).toMatchObject({ code: "group_over_quota", needed: 2, available: 1 });
    expect(await db.select().from(reminders).where(eq(reminders.workspaceId, user.id))).toEqual([]);
  });
});
