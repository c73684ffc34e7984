import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { CALL_WEBHOOK_PATHS } from "@/config/calls";
import { deliveries, deliveryCalls } from "@/db/schema";
import type { TwilioConfig } from "@/lib/channels/twilio-config";
import { db } from "@/lib/db";
import * as callAudioRoute from "@/app/api/play/[token]/call.mp3/route";
import * as voiceRoute from "@/app/api/webhooks/twilio/voice/route";
import * as voiceStatusRoute from "@/app/api/webhooks/twilio/voice/status/route";
import { inProcessApp, type AppTransport, type RouteModule } from "./app-transport";
import { createContact, createReminder, createSender, reloadWorkspace } from "./delivery-fixtures";
import { noonZone } from "./noon-zone";
import { startTwilioSink, useTwilioSink, type TwilioSink, type TwilioSinkOptions } from "./twilio-sink";

export const APP = "http://localhost:3000";

/**
 * The app's call webhooks as Twilio reaches them, in this process: the TwiML a call answers
 * with, its status callbacks and a recording's audio link, plus `extra` routes (the keypad's
 * Gather action, once a test serves it).
 */
export function callWebhooksApp(extra: Record<string, RouteModule> = {}): AppTransport {
  return inProcessApp({
    [CALL_WEBHOOK_PATHS.twiml]: voiceRoute,
    [CALL_WEBHOOK_PATHS.status]: voiceStatusRoute,
    "/api/play/[token]/call.mp3": callAudioRoute,
    ...extra,
  });
}

/**
 * A test file's loopback Twilio peer with this process pointed at it (calls at `config`'s pace,
 * 100 a second unless set) and the peer reaching the app's call webhooks in this process.
 */
export function callsSuite(
  options: TwilioSinkOptions & { config?: Partial<TwilioConfig>; routes?: Record<string, RouteModule> } = {},
) {
  const suite = {} as { twilio: TwilioSink };
  beforeAll(async () => {
    suite.twilio = await startTwilioSink(options);
    useTwilioSink(suite.twilio, 100, options.config);
    suite.twilio.calls.setTransport(callWebhooksApp(options.routes));
  });
  afterAll(async () => {
    await suite.twilio.close();
  });
  return suite;
}

let phones = 0;
/** A fresh number per contact, so the peer's scenarios and lists never mix two tests. */
export const nextPhone = () => `+3491${String(1_000_000 + phones++)}`;

/**
 * A call reminder due `at` (default now) to a new contact at `phone`, who is at noon then (no
 * quiet hours), owned by a new sender (`sender` overrides its row).
 */
export async function callReminder(
  options: {
    phone?: string;
    at?: Date;
    sender?: Parameters<typeof createSender>[0];
    contact?: Parameters<typeof createContact>[1];
    reminder?: Parameters<typeof createReminder>[3];
  } = {},
) {
  const at = options.at ?? new Date();
  const user = await createSender(options.sender);
  const phone = options.phone ?? nextPhone();
  const contact = await createContact(user.id, {
    phone,
    timezone: noonZone(at.getTime()),
    locale: "es",
    ...options.contact,
  });
  const reminder = await createReminder(user.id, contact.id, at, {
    deliveryMethod: "call",
    message: "Feliz cumpleaños, abuelo",
    ...options.reminder,
  });
  return { user, contact, reminder, phone, at };
}

export const deliveryOf = async (reminderId: string) =>
  (await db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId)))[0];

export const callsOf = async (deliveryId: number) =>
  db
    .select()
    .from(deliveryCalls)
    .where(eq(deliveryCalls.deliveryId, deliveryId))
    .orderBy(deliveryCalls.createdAt);

/** The workspace's row as it is now (usage, credit). */
export const workspaceOf = (id: string) => reloadWorkspace(id);
