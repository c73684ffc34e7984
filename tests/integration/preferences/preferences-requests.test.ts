import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentRequests } from "@/db/schema";
import en from "@/messages/en.json";
import { CONSENT_REQUEST_HOURS } from "@/config/preferences";
import { db } from "@/lib/db";
import { findPreferencesPage } from "@/lib/preferences/find-preferences-page";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { signedWebhook, TEST_SMS_FROM } from "../../support/twilio-sink";
import { loopbackPeers } from "../../support/peers";
import {
  consentOf,
  contactRow,
  eventsOf,
  postPreferences,
  preferencesLink,
  subscribe,
  trailOf,
} from "../../support/preferences-fixtures";
import { createSignedInMember } from "../../support/users";

const peers = loopbackPeers();
const HOUR_MS = 3_600_000;
const requestsOf = (contactId: string) =>
  db.select().from(consentRequests).where(eq(consentRequests.contactId, contactId));

describe("asking for calls again (after 9 on a call)", () => {
  it("creates a request, records it, and texts the number asking for YES; asking again sends nothing more", async () => {
    const { sender, contact, token } = await preferencesLink({ contact: { callOptOut: true } });
    const sent = peers.twilio.messages.length;
    const before = Date.now();
    const res = await postPreferences(token, { action: "call_opt_in" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ changed: "calls_requested" });

    const [request] = await requestsOf(contact.id);
    expect(request).toMatchObject({
      workspaceId: sender.workspace.id,
      channel: "call",
      phone: "+34600111222",
      confirmedAt: null,
    });
    expect(request.expiresAt.getTime()).toBeGreaterThanOrEqual(before + CONSENT_REQUEST_HOURS * HOUR_MS);
    expect(request.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + CONSENT_REQUEST_HOURS * HOUR_MS);

    const texts = peers.twilio.messages.slice(sent);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: "+34600111222" });
    expect(texts[0].body).toBe(
      "Remindful, for Clínica Sol: you asked to receive reminder calls again. Reply CALLS to confirm. If it was not you, ignore this message.",
    );

    // Calls stay off until the reply confirms.
    const row = await contactRow(contact.id);
    expect(row.callOptOut).toBe(true);
    expect(row.preferencesChangedAt).toBeNull();
    const [record] = await consentOf(contact.id);
    expect(record).toMatchObject({
      change: "opt_in_requested",
      channel: "call",
      wording: en.preferencesPage.optedOut.callConsent.replace("{sender}", "Clínica Sol"),
      details: { requestId: request.id, expiresAt: request.expiresAt.toISOString() },
    });
    expect((await trailOf(sender.workspace.id)).map((line) => line.details.change)).toEqual([
      "calls_requested",
    ]);
    expect((await findPreferencesPage(token))?.callRequestUntil).toEqual(expect.any(String));

    expect((await postPreferences(token, { action: "call_opt_in" })).json).toEqual({ changed: null });
    expect(peers.twilio.messages.slice(sent)).toHaveLength(1);
    expect(await requestsOf(contact.id)).toHaveLength(1);
  });

  it("the contact's reply to that text takes calls back: the page's request and the inbound confirmation agree", async () => {
    const { contact, token } = await preferencesLink({ contact: { callOptOut: true } });
    expect((await postPreferences(token, { action: "call_opt_in" })).status).toBe(200);
    const [request] = await requestsOf(contact.id);
    const answer = await callRoute(inbound, "/api/webhooks/twilio/inbound", {
      method: "POST",
      ...signedWebhook("http://localhost:3000/api/webhooks/twilio/inbound", {
        MessageSid: `SM${randomBytes(16).toString("hex")}`,
        From: request.phone,
        To: TEST_SMS_FROM,
        Body: "Calls",
      }),
    });
    expect(answer.status).toBe(200);
    expect((await contactRow(contact.id)).callOptOut).toBe(false);
    expect((await requestsOf(contact.id))[0].confirmedAt).toBeInstanceOf(Date);
    expect((await consentOf(contact.id)).map((record) => record.change).sort()).toEqual([
      "opt_in_requested",
      "opted_in",
    ]);
  });

  it("is refused while the contact has left SMS, and when calls were never left", async () => {
    const left = await preferencesLink({ contact: { callOptOut: true, smsOptOut: true } });
    const staying = await preferencesLink();
    const sent = peers.twilio.messages.length;
    const before = await snapshotDatabase();
    const needsSms = await postPreferences(left.token, { action: "call_opt_in" });
    expect(needsSms.status).toBe(409);
    expect(needsSms.json.code).toBe("call_opt_in_needs_sms");
    const notLeft = await postPreferences(staying.token, { action: "call_opt_in" });
    expect(notLeft.status).toBe(409);
    expect(notLeft.json.code).toBe("not_opted_out");
    expect(await snapshotDatabase()).toEqual(before);
    expect(peers.twilio.messages.length).toBe(sent);
  });

  it("leaves no request behind when the text message cannot be sent", async () => {
    const { contact, token } = await preferencesLink({ contact: { callOptOut: true } });
    const before = await snapshotDatabase();
    peers.twilio.setMode({ kind: "error", status: 400, code: 21211, message: "Invalid 'To' Phone Number" });
    try {
      const res = await postPreferences(token, { action: "call_opt_in" });
      expect(res.status).toBe(503);
    } finally {
      peers.twilio.setMode({ kind: "accept" });
    }
    expect(await snapshotDatabase()).toEqual(before);
    expect(await requestsOf(contact.id)).toEqual([]);
  });
});

describe("forget me", () => {
  it("records the request, stops everything, and e-mails the owner and admins in their language", async () => {
    const { sender, contact, token } = await preferencesLink();
    const admin = await createSignedInMember(sender.workspace, "admin", { locale: "es" });
    const member = await createSignedInMember(sender.workspace, "member");
    await subscribe(sender.id, ["contact.preferences_changed"]);
    const mails = peers.smtp.messages.length;

    const res = await postPreferences(token, { action: "forget" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ changed: "forget_requested" });
    const row = await contactRow(contact.id);
    expect(row.forgetRequestedAt).not.toBeNull();
    expect(row.stoppedAt).toEqual(row.forgetRequestedAt);
    expect((await consentOf(contact.id)).map((r) => [r.change, r.wording])).toEqual([
      ["forget_requested", en.preferencesPage.forget.consent.replace("{sender}", "Clínica Sol")],
    ]);
    expect((await trailOf(sender.workspace.id)).map((line) => line.details)).toEqual([
      { name: "Ben García", change: "forget_requested" },
    ]);
    const [event] = await eventsOf(sender.workspace.id);
    expect(event.data).toMatchObject({
      change: "forget_requested",
      preferences: { stopped: true, forgetRequested: true },
    });

    const sentMail = peers.smtp.messages.slice(mails);
    expect(
      sentMail
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual([admin.user.email, sender.email].sort());
    expect(sentMail.flatMap((mail) => mail.to)).not.toContain(member.user.email);
    const subjects = new Map(sentMail.map((mail) => [mail.to[0], mail.headers.get("subject")]));
    expect(subjects.get(sender.email)).toBe("Ben García asked to be forgotten");
    expect(subjects.get(admin.user.email)).toBe("Ben García pidió que se borren sus datos");

    // Asked once: a second click tells nobody again.
    expect((await postPreferences(token, { action: "forget" })).json).toEqual({ changed: null });
    expect(peers.smtp.messages.length).toBe(mails + 2);
    expect((await findPreferencesPage(token))?.forgetRequestedOn).toEqual(expect.any(String));
  });

  it("records nothing when the sender cannot be told", async () => {
    const { contact, token } = await preferencesLink();
    const before = await snapshotDatabase();
    peers.smtp.setMode({ kind: "reject", code: 550, message: "No such mailbox" });
    try {
      expect((await postPreferences(token, { action: "forget" })).status).toBe(503);
    } finally {
      peers.smtp.setMode({ kind: "accept" });
    }
    expect(await snapshotDatabase()).toEqual(before);
    expect((await contactRow(contact.id)).forgetRequestedAt).toBeNull();
  });
});
