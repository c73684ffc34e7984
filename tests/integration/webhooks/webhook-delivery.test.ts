import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { webhookAttempts, webhookEndpoints, webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { dispatchWebhooks } from "@/lib/webhooks/dispatch-webhooks";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { WEBHOOK_RETRY_DELAYS_MS } from "@/lib/webhooks/retry-schedule";
import { createSender } from "@/tests/support/delivery-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";
import { ownActor } from "@/tests/support/users";

const LOCAL = { allowPrivate: true };
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  // One database per file: each case starts with no endpoint (dispatch leases every due message).
  await db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200 });
});

async function endpointFor(events: ("delivery.sent" | "reply.confirmed")[] = ["delivery.sent"]) {
  const user = await createSender();
  const endpoint = await createWebhookEndpoint(
    await ownActor(user.id),
    { url: `${receiver.url}/hook`, events },
    LOCAL,
  );
  return { user, endpoint };
}

const emit = (userId: string, at: Date, data: Record<string, unknown> = { deliveryId: "1" }) =>
  emitWebhookEvent(db, { workspaceId: userId, type: "delivery.sent", data, occurredAt: at });

const attemptsOf = async (endpointId: string) => {
  const messages = await db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpointId));
  const attempts = messages.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.webhookMessageId,
            messages.map((m) => m.id),
          ),
        )
        .orderBy(webhookAttempts.id)
    : [];
  return { messages, attempts };
};

describe("signed webhook delivery", () => {
  it("POSTs the event to subscribed endpoints, signed so that the official library verifies it", async () => {
    const { user, endpoint } = await endpointFor();
    const other = await createWebhookEndpoint(
      await ownActor(user.id),
      { url: `${receiver.url}/other`, events: ["reply.confirmed"] },
      LOCAL,
    );
    const at = new Date();
    expect(await emit(user.id, at, { deliveryId: "42" })).toBe(1);
    const report = await dispatchWebhooks({ policy: LOCAL });
    expect(report).toEqual({ attempts: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.path).toBe("/hook");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    const payload = new Webhook(endpoint.secret).verify(request.body, request.headers);
    expect(payload).toEqual({
      type: "delivery.sent",
      timestamp: at.toISOString(),
      data: { deliveryId: "42", workspaceId: user.id, actor: null },
    });
    // Another endpoint's secret does not verify it; the unsubscribed endpoint got nothing.
    const { secret: otherSecret } = {
      secret: (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, other.id)))[0].secret,
    };
    expect(() => new Webhook(otherSecret).verify(request.body, request.headers)).toThrow();
    const { messages, attempts } = await attemptsOf(endpoint.id);
    expect(messages.map((m) => m.status)).toEqual(["delivered"]);
    expect(attempts).toMatchObject([{ responseStatus: 200, responseExcerpt: "ok", error: null }]);
  });

  it("retries after a 500 and a timeout on the schedule, with the same webhook-id, until a 2xx", async () => {
    const { user, endpoint } = await endpointFor();
    const t0 = new Date();
    await emit(user.id, t0);
    const answers = [{ status: 500, body: "boom" }, { status: 200, delayMs: 2_000 }, { status: 204 }];
    receiver.answer = () => answers.shift() ?? { status: 200 };
    const options = { policy: LOCAL, timeoutMs: 300 };
    await dispatchWebhooks({ ...options, clock: () => t0 });
    // Not due again before the first wait.
    expect(
      (await dispatchWebhooks({ ...options, clock: () => new Date(t0.getTime() + 4_000) })).attempts,
    ).toBe(0);
    const second = new Date(t0.getTime() + WEBHOOK_RETRY_DELAYS_MS[0] * 1.1 + 1);
    expect((await dispatchWebhooks({ ...options, clock: () => second })).delivered).toBe(0);
    const third = new Date(second.getTime() + WEBHOOK_RETRY_DELAYS_MS[1] * 1.1 + 1);
    expect((await dispatchWebhooks({ ...options, clock: () => third })).delivered).toBe(1);
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    for (const r of receiver.received) new Webhook(endpoint.secret).verify(r.body, r.headers);
    const { messages, attempts } = await attemptsOf(endpoint.id);
    expect(messages[0]).toMatchObject({ status: "delivered", attemptCount: 3 });
    expect(attempts.map((a) => [a.responseStatus, a.responseExcerpt])).toEqual([
      [500, "boom"],
      [null, null],
      [204, null],
    ]);
    expect(attempts[1].error).toMatch(/timeout/);
    // A failure started the endpoint's failure streak; the success ended it.
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.failingSince).toBeNull();
  });

  it("gives a message up after the last attempt of the schedule", async () => {
    const { user, endpoint } = await endpointFor();
    receiver.answer = () => ({ status: 503 });
    let now = new Date();
    await emit(user.id, now);
    for (let i = 0; i <= WEBHOOK_RETRY_DELAYS_MS.length; i++) {
      await dispatchWebhooks({ policy: LOCAL, clock: () => now });
      now = new Date(now.getTime() + (WEBHOOK_RETRY_DELAYS_MS[i] ?? 0) * 1.1 + 1);
    }
    const { messages, attempts } = await attemptsOf(endpoint.id);
    expect(attempts).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
    expect(messages[0]).toMatchObject({ status: "failed", nextAttemptAt: null });
  });

  it("reads at most 1,000 bytes of a response body", async () => {
    const { user, endpoint } = await endpointFor();
    receiver.answer = () => ({ status: 200, body: "x".repeat(200_000) });
    await emit(user.id, new Date());
    await dispatchWebhooks({ policy: LOCAL });
    const { attempts } = await attemptsOf(endpoint.id);
    expect(attempts[0].responseExcerpt).toHaveLength(1_000);
  });

  it("signs with both secrets for 24 hours after a rotation, then with the new one only", async () => {
    const { user, endpoint } = await endpointFor();
    const rotatedAt = new Date();
    const rotated = await rotateWebhookSecret(await ownActor(user.id), endpoint.id, rotatedAt);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await emit(user.id, rotatedAt);
    await dispatchWebhooks({ policy: LOCAL, clock: () => new Date(rotatedAt.getTime() + 3_600_000) });
    const during = receiver.received[0];
    expect(during.headers["webhook-signature"].split(" ")).toHaveLength(2);
    new Webhook(endpoint.secret).verify(during.body, during.headers);
    new Webhook(rotated.secret).verify(during.body, during.headers);
    const later = new Date(rotatedAt.getTime() + 86_400_000 + 1_000);
    await emit(user.id, later);
    await dispatchWebhooks({ policy: LOCAL, clock: () => later });
    const after = receiver.received[1];
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    new Webhook(rotated.secret).verify(after.body, after.headers);
    expect(() => new Webhook(endpoint.secret).verify(after.body, after.headers)).toThrow();
  });

  it("writes nothing for a user without endpoints, a disabled endpoint, or an unsubscribed type", async () => {
    const lonely = await createSender();
    expect(await emit(lonely.id, new Date())).toBe(0);
    const { user } = await endpointFor(["reply.confirmed"]);
    expect(await emit(user.id, new Date())).toBe(0);
  });
});
