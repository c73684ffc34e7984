import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/reminders/route";
import { PUT } from "@/app/api/reminders/[id]/route";
import { reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createContact, localInDays } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const body = (contactId: string, extra: Record<string, unknown>) => ({
  contactId,
  message: "Dentist at 10",
  deliveryMethod: "sms",
  scheduleType: "once",
  scheduledFor: localInDays(3),
  ...extra,
});

const countOf = async (userId: string) =>
  (await db.select().from(reminders).where(eq(reminders.workspaceId, userId))).length;

describe("Ask for confirmation on create and edit", () => {
  it("stores the ask and the follow-up time for SMS and WhatsApp, and returns them", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id, { phone: "+12125550160" });
    const res = await callRoute(POST, "/api/reminders", {
      method: "POST",
      cookie,
      body: body(contact.id, { askConfirmation: true, followUpMinutes: 180 }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ askConfirmation: true, followUpMinutes: 180 });
    const id = res.json.id as string;
    const [row] = await db.select().from(reminders).where(eq(reminders.id, id));
    expect(row).toMatchObject({ askConfirmation: true, followUpMinutes: 180 });

    // Edit: WhatsApp, no follow-up.
    const edited = await callRoute(PUT, `/api/reminders/${id}`, {
      method: "PUT",
      cookie,
      params: { id },
      body: body(contact.id, { deliveryMethod: "whatsapp", askConfirmation: true, followUpMinutes: null }),
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      deliveryMethod: "whatsapp",
      askConfirmation: true,
      followUpMinutes: null,
    });
    // Left out: no ask (the default).
    const plain = await callRoute(PUT, `/api/reminders/${id}`, {
      method: "PUT",
      cookie,
      params: { id },
      body: body(contact.id, {}),
    });
    expect(plain.json).toMatchObject({ askConfirmation: false, followUpMinutes: null });
  });

  it.each([
    [
      { deliveryMethod: "email", askConfirmation: true },
      "Ask for confirmation is only available for SMS, WhatsApp and phone calls",
    ],
    [{ askConfirmation: false, followUpMinutes: 60 }, "A follow-up time needs Ask for confirmation"],
    [{ askConfirmation: true, followUpMinutes: 4 }, /^followUpMinutes: /],
    [{ askConfirmation: true, followUpMinutes: 10_081 }, /^followUpMinutes: /],
    [{ askConfirmation: "yes" }, /^askConfirmation: /],
  ])("refuses %j with a clear error and creates nothing", async (extra, message) => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id, { phone: "+12125550161", email: "a@example.com" });
    const res = await callRoute(POST, "/api/reminders", {
      method: "POST",
      cookie,
      body: body(contact.id, extra),
    });
    expect(res.status).toBe(400);
    if (typeof message === "string") expect(res.json.message).toBe(message);
    else expect(res.json.message).toMatch(message);
    expect(await countOf(user.id)).toBe(0);
  });
});
