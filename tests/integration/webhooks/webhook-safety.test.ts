import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { webhookAttempts, webhookEndpoints, webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors/domain-error";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { dispatchWebhooks } from "@/lib/webhooks/dispatch-webhooks";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { WEBHOOK_DISABLE_AFTER_MS } from "@/lib/webhooks/retry-schedule";
import { createSender } from "@/tests/support/delivery-fixtures";
import { loopbackPeers } from "@/tests/support/peers";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";
import { ownActor } from "@/tests/support/users";

const LOCAL = { allowPrivate: true };
const PRODUCTION = { allowPrivate: false };
const peers = loopbackPeers();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  await db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200 });
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return "accepted";
}

const create = async (userId: string, url: string, policy = PRODUCTION) =>
  createWebhookEndpoint(await ownActor(userId), { url, events: ["delivery.sent"] }, policy);

const messagesOf = (endpointId: string) =>
  db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpointId));

describe("webhook URLs in production", () => {
  it("refuses http, credentials, and private, loopback, link-local and other special addresses when saved", async () => {
    const user = await createSender();
    const cases: [string, string][] = [
      ["http://example.com/hook", "webhook_url_insecure"],
      ["ftp://example.com/hook", "webhook_url_invalid"],
      ["https://user:pass@example.com/hook", "webhook_url_invalid"],
      ["not a url", "webhook_url_invalid"],
      ["https://127.0.0.1/hook", "webhook_url_private"],
      ["https://localhost/hook", "webhook_url_private"],
      ["https://10.1.2.3/hook", "webhook_url_private"],
      ["https://172.16.0.1/hook", "webhook_url_private"],
      ["https://192.168.1.1/hook", "webhook_url_private"],
      ["https://169.254.169.254/latest/meta-data", "webhook_url_private"],
      ["https://100.64.0.1/hook", "webhook_url_private"],
      ["https://0.0.0.0/hook", "webhook_url_private"],
      ["https://[::1]/hook", "webhook_url_private"],
      ["https://[fe80::1]/hook", "webhook_url_private"],
      ["https://[fd00::1]/hook", "webhook_url_private"],
      ["https://[::ffff:127.0.0.1]/hook", "webhook_url_private"],
      ["https://2130706433/hook", "webhook_url_private"],
      ["https://no-such-host.invalid/hook", "webhook_url_unresolvable"],
    ];
    for (const [url, code] of cases) expect([url, await refusal(create(user.id, url))]).toEqual([url, code]);
    // A public address literal is accepted (nothing is sent when saving).
    expect(await refusal(create(user.id, "https://93.184.215.14/hook"))).toBe("accepted");
    expect(
      await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, user.id)),
    ).toHaveLength(1);
  });

  it("checks again at send time: a URL saved under development rules is refused unsent under production rules", async () => {
    const user = await createSender();
    // Saved while private receivers were allowed (development), sent under production's rules.
    const endpoint = await create(user.id, `${receiver.url}/hook`, LOCAL);
    await emitWebhookEvent(db, {
      workspaceId: user.id,
      type: "delivery.sent",
      data: {},
      occurredAt: new Date(),
    });
    expect((await dispatchWebhooks({ policy: PRODUCTION })).delivered).toBe(0);
    expect(receiver.received).toHaveLength(0);
    const [message] = await messagesOf(endpoint.id);
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.webhookMessageId, message.id));
    expect(attempts).toMatchObject([{ responseStatus: null, error: "refused: webhook_url_insecure" }]);
  });

  it("does not follow a redirect: the 3xx is a failed attempt and its target hears nothing", async () => {
    const user = await createSender();
    const endpoint = await create(user.id, `${receiver.url}/moved`, LOCAL);
    receiver.answer = (request) =>
      request.path === "/moved"
        ? { status: 307, headers: { location: `${receiver.url}/target` } }
        : { status: 200 };
    await emitWebhookEvent(db, {
      workspaceId: user.id,
      type: "delivery.sent",
      data: {},
      occurredAt: new Date(),
    });
    await dispatchWebhooks({ policy: LOCAL });
    expect(receiver.received.map((r) => r.path)).toEqual(["/moved"]);
    const [message] = await messagesOf(endpoint.id);
    expect(message).toMatchObject({ status: "pending", attemptCount: 1 });
  });
});

describe("an endpoint that keeps failing", () => {
  it("is disabled after five days of failures and its owner is e-mailed; its waiting messages fail", async () => {
    const user = await createSender();
    const endpoint = await create(user.id, `${receiver.url}/down`, LOCAL);
    receiver.answer = () => ({ status: 500 });
    const t0 = new Date();
    const emitAt = (at: Date) =>
      emitWebhookEvent(db, { workspaceId: user.id, type: "delivery.sent", data: {}, occurredAt: at });
    await emitAt(t0);
    await dispatchWebhooks({ policy: LOCAL, clock: () => t0 });
    let [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.failingSince).toEqual(t0);
    // Four days on: still failing, still enabled.
    const day4 = new Date(t0.getTime() + 4 * 86_400_000);
    await emitAt(day4);
    await dispatchWebhooks({ policy: LOCAL, clock: () => day4 });
    [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.disabledAt).toBeNull();
    expect(peers.smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(0);
    const past = new Date(t0.getTime() + WEBHOOK_DISABLE_AFTER_MS + 1_000);
    await emitAt(past);
    await dispatchWebhooks({ policy: LOCAL, clock: () => past });
    [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.disabledAt).toEqual(past);
    const mails = peers.smtp.messages.filter((m) => m.to.includes(user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toContain("A webhook endpoint was disabled");
    expect((await messagesOf(endpoint.id)).every((m) => m.status === "failed")).toBe(true);
    // Disabled: new events are not even written.
    expect(await emitAt(new Date(past.getTime() + 1_000))).toBe(0);
  });

  it("is disabled at once when it answers 410 Gone", async () => {
    const user = await createSender();
    const endpoint = await create(user.id, `${receiver.url}/gone`, LOCAL);
    receiver.answer = () => ({ status: 410 });
    await emitWebhookEvent(db, {
      workspaceId: user.id,
      type: "delivery.sent",
      data: {},
      occurredAt: new Date(),
    });
    await dispatchWebhooks({ policy: LOCAL });
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.disabledAt).not.toBeNull();
  });
});
