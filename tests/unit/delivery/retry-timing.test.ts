import { describe, expect, it } from "vitest";
import { retryAfterMs } from "@/lib/channels/twilio-answer-error";
import { ChannelError } from "@/lib/channels/types";
import { RETRY_SCHEDULE_MS } from "@/lib/delivery/constants";
import { retryDelayMs, slowDownDelayMs } from "@/lib/delivery/send-leased";

describe("retry timing", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2030-01-01T09:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3_000);
    expect(retryAfterMs("Tue, 01 Jan 2030 09:00:20 GMT", now)).toBe(20_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs("soon", now)).toBeUndefined();
  });

  it("follows the schedule with up to 20 % jitter, staying on its last step", () => {
    expect(retryDelayMs(1, () => 0)).toBe(5_000);
    expect(retryDelayMs(2, () => 1)).toBe(36_000);
    expect(retryDelayMs(8, () => 0)).toBe(4 * 3_600_000);
    expect(retryDelayMs(20, () => 0)).toBe(RETRY_SCHEDULE_MS.at(-1));
  });

  it("waits Retry-After on a slow-down, else doubles from 1 s; a full queue waits a minute", () => {
    const tooMany = (retryAfter?: number) =>
      new ChannelError("Too Many Requests", true, "20429", { slowDown: true, retryAfterMs: retryAfter });
    expect(slowDownDelayMs(tooMany(7_000), 1, () => 0)).toBe(7_000);
    expect(slowDownDelayMs(tooMany(), 1, () => 0)).toBe(1_000);
    expect(slowDownDelayMs(tooMany(), 4, () => 0)).toBe(8_000);
    expect(slowDownDelayMs(tooMany(), 30, () => 0)).toBe(300_000);
    expect(slowDownDelayMs(tooMany(), 1, () => 1)).toBe(1_500);
    const full = new ChannelError("queue full", true, "21611", { slowDown: true });
    expect(slowDownDelayMs(full, 1, () => 0)).toBe(60_000);
  });
});
