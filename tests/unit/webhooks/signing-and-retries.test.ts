import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { generateWebhookSecret } from "@/lib/webhooks/generate-webhook-secret";
import { nextAttemptAt, WEBHOOK_MAX_ATTEMPTS } from "@/lib/webhooks/retry-schedule";
import { signWebhook } from "@/lib/webhooks/sign-webhook";

describe("signWebhook", () => {
  it("matches the official library's signature and lists one signature per secret", () => {
    const secret = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const at = new Date("2031-01-02T03:04:05Z");
    const body = '{"type":"delivery.sent","timestamp":"2031-01-02T03:04:05.000Z","data":{}}';
    const header = signWebhook({
      id: "msg_1",
      timestamp: at.getTime() / 1000,
      body,
      secrets: [secret, previous],
    });
    const [current, old] = header.split(" ");
    expect(current).toBe(new Webhook(secret).sign("msg_1", at, body));
    expect(old).toBe(new Webhook(previous).sign("msg_1", at, body));
  });
});

describe("the retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (plus up to 10 %), then gives up", () => {
    const now = new Date(0);
    const waits = Array.from(
      { length: WEBHOOK_MAX_ATTEMPTS },
      (_, i) => nextAttemptAt(now, i + 1, () => 0)?.getTime() ?? null,
    );
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, null]);
    expect(nextAttemptAt(now, 1, () => 0.999)?.getTime()).toBe(5_499);
  });
});
