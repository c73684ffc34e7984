import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/reminders/route";
import { PUT } from "@/app/api/reminders/[id]/route";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import * as remindersRoute from "@/app/api/v1/reminders/route";
import { reminders } from "@/db/schema";
import type { OpenApiDocument } from "@/lib/api/v1/openapi-document";
import { db } from "@/lib/db";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { callRoute } from "../../support/call-route";
import { contractProblems } from "../../support/openapi-contract";
import { createContact, insertReminder, localInDays } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const rowsOf = (userId: string) => db.select().from(reminders).where(eq(reminders.workspaceId, userId));

const post = (cookie: string, body: unknown) =>
  callRoute(POST, "/api/reminders", { method: "POST", cookie, body });

const body = (contactId: string, values: Record<string, unknown> = {}) => ({
  contactId,
  type: "text",
  message: "Rendez-vous demain",
  deliveryMethod: "sms",
  scheduleType: "once",
  scheduledFor: localInDays(3),
  ...values,
});

let document: OpenApiDocument;

beforeAll(async () => {
  document = (await (await openapiRoute.GET()).json()) as OpenApiDocument;
});

describe("a reminder on a channel the contact refuses is refused (422)", () => {
  it("create and edit: every channel of the chain must be one the contact accepts", async () => {
    const { user, cookie } = await createSignedInUser();
    const marie = await createContact(user.id, { name: "Marie", acceptedChannels: ["email", "whatsapp"] });

    const sms = await post(cookie, body(marie.id));
    expect(sms.status).toBe(422);
    expect(sms.json).toMatchObject({ code: "contact_refused_channel", field: "deliveryMethod" });
    // A refused fallback step too.
    const chain = await post(
      cookie,
      body(marie.id, { deliveryMethod: "email", fallback: [{ channel: "sms" }] }),
    );
    expect(chain.status).toBe(422);
    expect(chain.json).toMatchObject({ code: "contact_refused_channel" });
    expect(await rowsOf(user.id)).toEqual([]);

    const email = await post(cookie, body(marie.id, { deliveryMethod: "email" }));
    expect(email.status).toBe(201);

    // A reminder made before the contact's choice: saved again on SMS, refused; on e-mail, saved.
    const older = await insertReminder(user.id, marie.id, { deliveryMethod: "sms" });
    const put = (values: Record<string, unknown>) =>
      callRoute(PUT, `/api/reminders/${older.id}`, {
        method: "PUT",
        cookie,
        params: { id: older.id },
        body: body(marie.id, values),
      });
    const kept = await put({});
    expect(kept.status).toBe(422);
    expect(kept.json).toMatchObject({ code: "contact_refused_channel" });
    expect((await put({ deliveryMethod: "email" })).status).toBe(200);
  });

  it("a contact who asked to receive nothing takes no reminder (contact_stopped)", async () => {
    const { user, cookie } = await createSignedInUser();
    const paul = await createContact(user.id, { name: "Paul", stoppedAt: new Date() });
    const res = await post(cookie, body(paul.id, { deliveryMethod: "email" }));
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: "contact_stopped", field: "contactId" });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("/api/v1: the same refusal, documented, in the caller's language", async () => {
    const holder = await createKeyHolder("write");
    const marie = await createContact(holder.user.id, { name: "Marie", acceptedChannels: ["email"] });
    const answer = await callV1(remindersRoute.POST, "/reminders", holder.key, {
      method: "POST",
      body: body(marie.id),
      headers: { "accept-language": "es" },
    });
    expect(contractProblems(document, { operationId: "createReminder", ...answer })).toEqual([]);
    expect(answer.status).toBe(422);
    // The refused channel and those the contact accepts come with it.
    expect(answer.json).toEqual({
      code: "contact_refused_channel",
      field: "deliveryMethod",
      message: "Este contacto pidió no recibir mensajes por este canal: elige uno que acepte",
      channel: "sms",
      accepted: ["email"],
    });
    expect(await rowsOf(holder.user.id)).toEqual([]);
  });
});
