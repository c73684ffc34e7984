import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/db";
import { startDeliveryEngine } from "@/lib/delivery/engine";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { dispatchWebhooks } from "@/lib/webhooks/dispatch-webhooks";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { createSender } from "@/tests/support/delivery-fixtures";
import { ownActor } from "@/tests/support/users";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";

// A job runner looks for jobs queued for later only when it polls (the engine's every 10 s), so
// a retry due in 5 s must not wait for that poll: at the retry's time the process that recorded
// the failure queues the run again for then, which notifies the runners.

const LOCAL = { allowPrivate: true };
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // graphile-worker's queue, created by an engine's start; no runner stays to take the jobs.
  await (await startDeliveryEngine({ workerId: "queue-only", concurrency: 1 })).stop();
});
afterAll(async () => {
  await receiver.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RetryJob {
  run_at: Date;
  revision: number;
}
const retryJob = async () =>
  (
    await pool.query<RetryJob>(
      `select run_at, revision from graphile_worker.jobs where key = 'webhook-retry'`,
    )
  ).rows[0];

describe("a webhook retry due within the minute", () => {
  it("is queued for its time, and queued again for then when the time comes", async () => {
    const user = await createSender();
    await createWebhookEndpoint(
      await ownActor(user.id),
      { url: `${receiver.url}/hook`, events: ["delivery.sent"] },
      LOCAL,
    );
    await emitWebhookEvent(db, {
      workspaceId: user.id,
      type: "delivery.sent",
      data: { deliveryId: "1" },
      occurredAt: new Date(),
    });
    receiver.answer = () => ({ status: 500 });
    expect((await dispatchWebhooks({ policy: LOCAL })).attempts).toBe(1);
    const queued = await retryJob();
    const { rows } = await pool.query<{ next_attempt_at: Date }>(
      `select next_attempt_at from webhook_messages`,
    );
    expect(queued).toMatchObject({ run_at: rows[0].next_attempt_at, revision: 0 });
    // The state to wait for: the same job queued again (its revision), due at once.
    const deadline = Date.now() + 30_000;
    let woken = queued;
    while (woken.revision === 0 && Date.now() < deadline) {
      await sleep(100);
      woken = await retryJob();
    }
    expect(woken.revision).toBe(1);
  }, 40_000);
});
