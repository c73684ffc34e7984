import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as usageRoute from "@/app/api/v1/usage/route";
import { VISIBLE_PREFIX_LENGTH } from "@/lib/api-keys/generate-api-key";
import { env } from "@/lib/env";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { callV1, createKeyHolder } from "../../support/api-keys";

const { limit } = RATE_LIMITS.apiKeyFailure;
const usage = (key: string, address?: string) =>
  callV1(usageRoute.GET, "/usage", key, address ? { headers: { "x-forwarded-for": address } } : {});
/** A well-formed key nobody holds, showing `prefix`. */
const wrongKey = (prefix = "rmd_") =>
  `${prefix}${randomBytes(32).toString("base64url")}`.slice(0, 4 + 43);

describe("wrong API keys are throttled", () => {
  beforeAll(() => {
    // Behind one proxy, which appends the address it saw to X-Forwarded-For.
    env.TRUSTED_PROXY_HOPS = 1;
    // Early in a window: the counts below never straddle its end, however slow the machine.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-07T10:00:01Z") });
  });
  afterAll(() => {
    env.TRUSTED_PROXY_HOPS = undefined;
    vi.useRealTimers();
  });

  it(`per client address: ${limit} wrong keys, then 429 with Retry-After for every key from there`, async () => {
    const holder = await createKeyHolder("read");
    const guesser = "203.0.113.41";
    const answers: number[] = [];
    for (let i = 0; i < limit; i++) answers.push((await usage(wrongKey(), guesser)).status);
    expect(new Set(answers)).toEqual(new Set([401]));
    const refused = await usage(wrongKey(), guesser);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "too_many_requests" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even a right key is not looked at from that address: guessing from it has stopped.
    expect((await usage(holder.key, guesser)).status).toBe(429);
    // The key works from anywhere else.
    expect((await usage(holder.key, "198.51.100.42")).status).toBe(200);
  });

  it(`per visible prefix: ${limit} wrong keys showing a real key's prefix, then 429; the real key still works`, async () => {
    const holder = await createKeyHolder("read");
    const prefix = holder.key.slice(0, VISIBLE_PREFIX_LENGTH);
    const answers: number[] = [];
    // Each guess from another address, as a botnet would send them.
    for (let i = 0; i < limit; i++) answers.push((await usage(wrongKey(prefix), `192.0.2.${i + 1}`)).status);
    expect(new Set(answers)).toEqual(new Set([401]));
    const refused = await usage(wrongKey(prefix), "192.0.2.200");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await usage(holder.key, "192.0.2.201")).status).toBe(200);
    // Another prefix is not affected.
    expect((await usage(wrongKey(), "192.0.2.202")).status).toBe(401);
  });
});
