import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/reminders/route";
import { PUT } from "@/app/api/reminders/[id]/route";
import { POST as SEND } from "@/app/api/reminders/[id]/send/route";
import { deliveries, reminders, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { readyClip } from "../../support/media-rows";
import { createContact, insertReminder, localInDays } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const rowsOf = (userId: string) => db.select().from(reminders).where(eq(reminders.workspaceId, userId));

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
    const { user, workspace, cookie } = await createSignedInUser();
    expect(workspace.planType).toBe("trial");
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
        "A video cannot be sent by phone call: choose email, SMS or WhatsApp, or make it a text or voice reminder",
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

  it("a call holds REMINDERS_PER_CALL reminders of the quota from its creation, as the engine charges it", async () => {
    const { user, cookie } = await createSignedInUser({ remindersQuota: 4, remindersUsedCurrentPeriod: 0 });
    const contact = await createContact(user.id);
    await insertReminder(user.id, contact.id);
    await insertReminder(user.id, contact.id);
    // 2 scheduled + a call's 3 is past 4.
    const call = await post(cookie, body(contact.id));
    expect(call.status).toBe(403);
    expect(call.json).toMatchObject({ code: "reminder_limit", limit: "reminders" });
    expect(await rowsOf(user.id)).toHaveLength(2);
    // A text still fits; then a scheduled call counts 3: 1 SMS + 1 call = 4, full.
    const [first] = await rowsOf(user.id);
    await db.delete(reminders).where(eq(reminders.id, first.id));
    expect((await post(cookie, body(contact.id))).status).toBe(201);
    const sms = await post(cookie, body(contact.id, { deliveryMethod: "sms" }));
    expect(sms.status).toBe(403);
    expect(sms.json).toMatchObject({ code: "reminder_limit" });
  });

  it("an edit that makes a reminder a call needs the call's extra reminders of the quota", async () => {
    const { user, cookie } = await createSignedInUser({ remindersQuota: 3, remindersUsedCurrentPeriod: 0 });
    const contact = await createContact(user.id);
    const sms = await insertReminder(user.id, contact.id);
    await insertReminder(user.id, contact.id);
    const edit = () =>
      callRoute(PUT, `/api/reminders/${sms.id}`, {
        method: "PUT",
        cookie,
        params: { id: sms.id },
        body: body(contact.id),
      });
    const refused = await edit();
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "reminder_limit" });
    const [kept] = await db.select().from(reminders).where(eq(reminders.id, sms.id));
    expect(kept.deliveryMethod).toBe("sms");
    await db.update(workspaces).set({ remindersQuota: 4 }).where(eq(workspaces.id, user.id));
    expect((await edit()).status).toBe(200);
  });

  it("pay-as-you-go: a call needs the credit of REMINDERS_PER_CALL reminders", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "payg", paygCreditBalance: 2 });
    const contact = await createContact(user.id);
    const call = await post(cookie, body(contact.id));
    expect(call.status).toBe(402);
    expect(call.json).toMatchObject({ code: "no_credit" });
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await post(cookie, body(contact.id, { deliveryMethod: "sms" }))).status).toBe(201);
    await db.update(workspaces).set({ paygCreditBalance: 3 }).where(eq(workspaces.id, user.id));
    expect((await post(cookie, body(contact.id))).status).toBe(201);
  });
});
