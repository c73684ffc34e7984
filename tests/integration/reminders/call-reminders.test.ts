import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/reminders/route";
import { PUT } from "@/app/api/reminders/[id]/route";
import { POST as SEND } from "@/app/api/reminders/[id]/send/route";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { readyClip } from "../../support/media-rows";
import { createContact, insertReminder, localInDays } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const rowsOf = (userId: string) => db.select().from(reminders).where(eq(reminders.userId, userId));

const post = (cookie: string, body: unknown) =>
  callRoute(POST, "/api/reminders", { method: "POST", cookie, body });

const body = (contactId: string, values: Record<string, unknown> = {}) => ({
  contactId,
  type: "text",
  message: "Feliz cumpleaños, abuelo",
  deliveryMethod: "call",
  scheduleType: "once",
  scheduledFor: localInDays(3),
  ...values,
});

describe("reminders by phone call", () => {
  it("creates a text reminder by call, with the keypad's confirmation asked", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "personal" });
    const contact = await createContact(user.id);
    const res = await post(cookie, body(contact.id, { askConfirmation: true, followUpMinutes: 60 }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ type: "text", deliveryMethod: "call", askConfirmation: true });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ deliveryMethod: "call", askConfirmation: true, followUpMinutes: 60 });
  });

  it("creates a voice reminder by call, on the trial", async () => {
    const { user, cookie } = await createSignedInUser();
    expect(user.planType).toBe("trial");
    const contact = await createContact(user.id);
    const mediaId = await readyClip(user.id, "voice");
    const res = await post(cookie, body(contact.id, { type: "voice", mediaId, message: null }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ type: "voice", deliveryMethod: "call", media: { id: mediaId } });
  });

  it("refuses a video by call (400 call_video_unsupported) and creates nothing", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "business", subscriptionStatus: "active" });
    const contact = await createContact(user.id);
    const mediaId = await readyClip(user.id, "video");
    const res = await post(cookie, body(contact.id, { type: "video", mediaId }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "call_video_unsupported",
      message:
        "A video cannot be sent by phone call: choose e-mail, SMS or WhatsApp, or make it a text or voice reminder",
    });
    expect(await rowsOf(user.id)).toEqual([]);
    // The same video by WhatsApp is fine.
    const whatsapp = await post(
      cookie,
      body(contact.id, { type: "video", mediaId, deliveryMethod: "whatsapp" }),
    );
    expect(whatsapp.status).toBe(201);
  });

  it("refuses a call on a plan without calls (403 calls_not_in_plan), on create and on edit", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "free" });
    const contact = await createContact(user.id);
    const res = await post(cookie, body(contact.id));
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      code: "calls_not_in_plan",
      message: "Your plan does not include phone calls. Upgrade to send reminders by phone call.",
    });
    expect(await rowsOf(user.id)).toEqual([]);

    const existing = await insertReminder(user.id, contact.id);
    const edited = await callRoute(PUT, `/api/reminders/${existing.id}`, {
      method: "PUT",
      cookie,
      params: { id: existing.id },
      body: body(contact.id),
    });
    expect(edited.status).toBe(403);
    expect(edited.json).toMatchObject({ code: "calls_not_in_plan" });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ id: existing.id, deliveryMethod: "sms", message: "Hello" });
  });

  it("refuses a call to a contact without a phone, as SMS is refused, and creates nothing", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "personal" });
    const contact = await createContact(user.id, { phone: null });
    const res = await post(cookie, body(contact.id));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "contact_has_no_phone" });
    const sms = await post(cookie, body(contact.id, { deliveryMethod: "sms" }));
    expect(sms.json).toEqual(res.json);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("Send now of a call reminder on a plan that no longer has calls: 403, nothing sent", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "free" });
    const contact = await createContact(user.id);
    const reminder = await insertReminder(user.id, contact.id, { deliveryMethod: "call" });
    const res = await callRoute(SEND, `/api/reminders/${reminder.id}/send`, {
      method: "POST",
      cookie,
      params: { id: reminder.id },
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "calls_not_in_plan" });
    expect(await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id))).toEqual([]);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ status: "scheduled", occurrencesSent: 0 });
  });
});
