import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as deliveriesRoute from "@/app/api/v1/deliveries/route";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import * as remindersRoute from "@/app/api/v1/reminders/route";
import { deliveryCalls, reminders } from "@/db/schema";
import type { OpenApiDocument } from "@/lib/api/v1/openapi-document";
import { db } from "@/lib/db";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { insertSentDelivery } from "../../support/media-fixtures";
import { readyClip } from "../../support/media-rows";
import { contractProblems } from "../../support/openapi-contract";
import { createContact, localInDays } from "../../support/reminders";

type Handler = Parameters<typeof callV1>[0];

let document: OpenApiDocument;

beforeAll(async () => {
  document = (await (await openapiRoute.GET()).json()) as OpenApiDocument;
});

/** Calls an operation and checks its answer, success or refusal, against the document. */
async function call(operationId: string, handler: Handler, path: string, key: string, options = {}) {
  const answer = await callV1(handler, path, key, options);
  expect(contractProblems(document, { operationId, ...answer })).toEqual([]);
  return answer;
}

const callBody = (contactId: string, values: Record<string, unknown> = {}) => ({
  contactId,
  type: "text",
  message: "Feliz cumpleaños, abuelo",
  deliveryMethod: "call",
  scheduleType: "once",
  scheduledFor: localInDays(3),
  ...values,
});

const rowsOf = (userId: string) => db.select().from(reminders).where(eq(reminders.workspaceId, userId));

describe("/api/v1 reminders by phone call", () => {
  it("creates a call reminder; refuses a video by call (400) and a plan without calls (403) with their codes", async () => {
    const holder = await createKeyHolder("write", { planType: "starter", subscriptionStatus: "active" });
    const contact = await createContact(holder.user.id);
    const created = await call("createReminder", remindersRoute.POST, "/reminders", holder.key, {
      method: "POST",
      body: callBody(contact.id, { askConfirmation: true }),
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ deliveryMethod: "call", type: "text", askConfirmation: true });

    const clip = await readyClip(holder.user.id, "video");
    const video = await call("createReminder", remindersRoute.POST, "/reminders", holder.key, {
      method: "POST",
      body: callBody(contact.id, { type: "video", mediaId: clip }),
    });
    expect(video.status).toBe(400);
    expect(video.json).toMatchObject({ code: "call_video_unsupported" });
    expect(await rowsOf(holder.user.id)).toHaveLength(1);

    const free = await createKeyHolder("write", { planType: "free" });
    const freeContact = await createContact(free.user.id);
    const refused = await call("createReminder", remindersRoute.POST, "/reminders", free.key, {
      method: "POST",
      body: callBody(freeContact.id),
      headers: { "accept-language": "es" },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      code: "calls_not_in_plan",
      field: "deliveryMethod",
      message:
        "Tu plan no incluye llamadas. Mejora tu plan para enviar recordatorios por llamada telefónica.",
    });
    expect(await rowsOf(free.user.id)).toEqual([]);
  });

  it("documents the call method, its refusals and the delivery's callOutcome and callsPlaced", () => {
    const schemas = document.components?.schemas as Record<string, { properties: Record<string, unknown> }>;
    expect(schemas.ReminderFields.properties.deliveryMethod).toMatchObject({
      enum: expect.arrayContaining(["call"]),
    });
    expect(schemas.Delivery.properties.callOutcome).toMatchObject({
      type: ["string", "null"],
      enum: ["answered", "voicemail", null],
    });
    expect(schemas.Delivery.properties.callsPlaced).toBeDefined();
    const create = (document.paths?.["/reminders"] as { post: { description: string } }).post;
    expect(create.description).toContain("call_video_unsupported");
    expect(create.description).toContain("calls_not_in_plan");
  });

  it("lists a call's outcome and the calls placed; other channels have neither", async () => {
    const holder = await createKeyHolder("read");
    const contact = await createContact(holder.user.id);
    const [reminder] = await db
      .insert(reminders)
      .values({
        workspaceId: holder.user.id,
        contactId: contact.id,
        message: "Pills",
        deliveryMethod: "call",
        scheduleType: "once",
        scheduledFor: new Date(Date.now() - 120_000),
        status: "sent",
      })
      .returning();
    const owner = { id: reminder.id, workspaceId: holder.user.id, contactId: contact.id };
    const voicemail = await insertSentDelivery(owner, new Date(Date.now() - 90_000), {
      channel: "call",
      status: "delivered",
      callOutcome: "voicemail",
    });
    const unanswered = await insertSentDelivery(owner, new Date(Date.now() - 60_000), {
      channel: "call",
      status: "queued",
      errorCode: "no_answer",
      sentAt: null,
    });
    const sms = await insertSentDelivery(owner, new Date(Date.now() - 30_000), { channel: "sms" });
    await db.insert(deliveryCalls).values([
      {
        callSid: `CA${"1".repeat(32)}`,
        deliveryId: voicemail.id,
        deliveryOccurrenceAt: voicemail.occurrenceAt,
        workspaceId: holder.user.id,
        status: "no-answer",
      },
      {
        callSid: `CA${"2".repeat(32)}`,
        deliveryId: voicemail.id,
        deliveryOccurrenceAt: voicemail.occurrenceAt,
        workspaceId: holder.user.id,
        status: "completed",
      },
      {
        callSid: `CA${"3".repeat(32)}`,
        deliveryId: unanswered.id,
        deliveryOccurrenceAt: unanswered.occurrenceAt,
        workspaceId: holder.user.id,
        status: "no-answer",
      },
    ]);
    const log = await call("listDeliveries", deliveriesRoute.GET, "/deliveries", holder.key, {
      query: { reminderId: reminder.id },
    });
    expect(log.status).toBe(200);
    const byId = new Map((log.json.data as { id: string }[]).map((d) => [d.id, d]));
    expect(byId.get(String(voicemail.id))).toMatchObject({
      channel: "call",
      status: "delivered",
      callOutcome: "voicemail",
      callsPlaced: 2,
    });
    expect(byId.get(String(unanswered.id))).toMatchObject({ callOutcome: null, callsPlaced: 1 });
    expect(byId.get(String(sms.id))).toMatchObject({ channel: "sms", callOutcome: null, callsPlaced: null });
  });
});
