import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deliveries, outboxMessages, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { runBatch } from "@/lib/delivery/run-batch";
import { setSmtpUrl } from "@/lib/mail/send-mail";
import { setOutboxSettings } from "@/lib/outbox/outbox-enabled";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
import { GET as health } from "@/app/api/health/route";
import DevOutboxPage from "@/app/dev/outbox/page";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";

const CHANNEL_VARIABLES = [
  "SMTP_URL",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_SMS_FROM",
  "TWILIO_WHATSAPP_FROM",
  "TWILIO_WHATSAPP_TEMPLATE_EN",
] as const;
let saved: Record<string, string | undefined> = {};

/** This process as a production server with no provider settings at all. */
function asProduction(
  extra: Record<string, string> = {},
  outbox: { devOutbox: boolean; appUrl: string } = { devOutbox: false, appUrl: "https://remindful.example" },
) {
  for (const name of CHANNEL_VARIABLES) delete process.env[name];
  Object.assign(process.env, extra);
  // The process keeps TWILIO_* as first read: read them again.
  setTwilioConfig(undefined);
  setOutboxSettings({ nodeEnv: "production", ...outbox });
}

beforeEach(() => {
  saved = Object.fromEntries(CHANNEL_VARIABLES.map((name) => [name, process.env[name]]));
});

afterEach(() => {
  setSmtpUrl(undefined);
  setOutboxSettings(undefined);
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  setTwilioConfig(undefined);
});

describe("production never pretends", () => {
  it("fails a send on a channel without credentials (channel_not_configured): nothing kept, nothing charged", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 1 });
    const contact = await createContact(user.id, { phone: "+12125550601", timezone: "UTC" });
    const due = new Date("2031-12-01T12:00:00Z");
    const sms = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    const mail = await createReminder(user.id, contact.id, due);
    const outboxBefore = (await db.select().from(outboxMessages)).length;
    asProduction();
    await runBatch({ workerId: "w", clock: () => due });

    const [smsRow] = await db.select().from(deliveries).where(eq(deliveries.reminderId, sms.id));
    expect(smsRow.status).toBe("failed");
    expect(smsRow.errorCode).toBe("channel_not_configured");
    expect(smsRow.error).toBe("SMS is not configured on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN)");
    const [mailRow] = await db.select().from(deliveries).where(eq(deliveries.reminderId, mail.id));
    expect(mailRow.errorCode).toBe("channel_not_configured");
    expect(mailRow.error).toBe("Email is not configured on this server (SMTP_URL)");
    expect((await db.select().from(reminders).where(eq(reminders.id, sms.id)))[0].status).toBe("failed");
    expect((await db.select().from(outboxMessages)).length).toBe(outboxBefore);
    expect((await reloadWorkspace(user.id)).remindersUsedCurrentPeriod).toBe(1);
  });

  it("WhatsApp with credentials but no approved template is not configured either", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, {
      phone: "+12125550602",
      whatsappConsentAt: new Date("2030-01-01T00:00:00Z"),
      whatsappConsentSource: "whatsapp",
    });
    const due = new Date("2031-12-02T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "whatsapp" });
    asProduction({
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_WHATSAPP_FROM: "+14155238886",
    });
    await runBatch({ workerId: "w", clock: () => due });
    const [row] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(row.errorCode).toBe("channel_not_configured");
    expect(row.error).toBe("WhatsApp is not configured on this server (TWILIO_WHATSAPP_TEMPLATE_EN)");
  });

  it("the dev outbox is development-only: its page is a 404 and nothing is stored in production", async () => {
    asProduction();
    await expect(DevOutboxPage()).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    await expect(storeOutboxMessage({ channel: "sms", to: "+1", text: "x" })).rejects.toThrow(
      "The dev outbox is disabled in production",
    );
    // DEV_OUTBOX=1 keeps it only for a build served on this machine (the e2e suite).
    asProduction({}, { devOutbox: true, appUrl: "https://remindful.example" });
    await expect(DevOutboxPage()).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    // Served on this machine, it keeps the outbox (positive control).
    asProduction({}, { devOutbox: true, appUrl: "http://localhost:3000" });
    const stored = await storeOutboxMessage({ channel: "sms", to: "+15005550006", text: "kept" });
    expect(stored.id).toBeTruthy();
  });

  it("/api/health reports which channels are configured and whether worker heartbeats are fresh", async () => {
    // This process reads SMTP_URL once (lib/env); a test points it elsewhere by injection.
    setSmtpUrl("smtp://127.0.0.1:2525");
    asProduction({
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_SMS_FROM: "+15005550006",
    });
    let res = await health();
    let body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    // Calls come from the SMS number when no caller ID of their own is set.
    expect(body.channels).toEqual({
      email: "configured",
      sms: "configured",
      whatsapp: "not_configured",
      call: "configured",
    });
    expect(body.workers).toBe("none");

    await db.execute(
      `insert into worker_heartbeats (worker_id, last_seen_at) values ('w-old', now() - interval '5 minutes')`,
    );
    body = (await (await health()).json()) as Record<string, unknown>;
    expect(body.workers).toBe("stale");
    await db.execute(`insert into worker_heartbeats (worker_id, last_seen_at) values ('w-new', now())`);
    res = await health();
    body = (await res.json()) as Record<string, unknown>;
    expect(body.workers).toBe("fresh");
    expect(body.workerHeartbeatAgeSeconds).toBe(0);
  });
});
