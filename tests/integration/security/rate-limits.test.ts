import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/auth/[...nextauth]/route";
import * as importRoute from "@/app/api/contacts/import/route";
import * as retryRoute from "@/app/api/reminders/[id]/retry/route";
import * as sendRoute from "@/app/api/reminders/[id]/send/route";
import { env } from "@/lib/env";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/security/rate-limit";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

function requestLink(email: string, ip: string) {
  return callRoute(POST, "/api/auth/signin/nodemailer", {
    method: "POST",
    body: new URLSearchParams({ email, csrfToken: "x" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
  });
}

/**
 * Uses up a limit: `limit` calls inside one fixed window (started well away from its edge, so a
 * roll-over cannot reset the count mid-burst) pass, the next is refused with 429 and Retry-After.
 */
async function expectLimitedAfter(
  limit: number,
  windowSeconds: number,
  call: (index: number) => Promise<{ status: number; headers: Headers }>,
) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  const statuses: number[] = [];
  for (let i = 0; i < limit; i++) statuses.push((await call(i)).status);
  expect(statuses).not.toContain(429);
  const refused = await call(limit);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("magic-link requests through Auth.js's own endpoint", () => {
  const { windowSeconds } = RATE_LIMITS.magicLink;
  // Behind one proxy, which appends the address it saw to X-Forwarded-For.
  beforeAll(() => void (env.TRUSTED_PROXY_HOPS = 1));
  afterAll(() => void (env.TRUSTED_PROXY_HOPS = undefined));

  it("answer 429 after 5 per address in the window, like the sign-in form", async () => {
    const email = `limited-${Date.now()}@example.com`;
    await expectLimitedAfter(5, windowSeconds, () => requestLink(email, "203.0.113.7"));
  });

  it("answer 429 after 20 per IP address across different e-mails", async () => {
    const run = Date.now();
    await expectLimitedAfter(20, windowSeconds, (i) =>
      requestLink(`ip-${i}-${run}@example.com`, "198.51.100.9"),
    );
  });

  it("a client rotating the X-Forwarded-For it writes stays on its own budget, and cannot spend another's", async () => {
    const run = Date.now();
    // The client writes a new first entry each time; the proxy appends its real address.
    await expectLimitedAfter(20, windowSeconds, (i) =>
      requestLink(`rotate-${i}-${run}@example.com`, `10.0.${i}.1, 198.51.100.23`),
    );
    // It named 192.0.2.44 first every time, and 192.0.2.44 can still ask for links.
    const victim = await requestLink(`victim-${run}@example.com`, "192.0.2.44");
    expect(victim.status).not.toBe(429);
  });
});

describe("without a trusted proxy, strangers cannot spend sign-in for everyone", () => {
  // The sign-in form's path, with the link's e-mail read at an SMTP peer: auth-sign-in-mail.test.ts.
  it("twenty-five anonymous requests through Auth.js's endpoint, then a new person is not refused", async () => {
    expect(env.TRUSTED_PROXY_HOPS ?? 0).toBe(0);
    const run = Date.now();
    for (let i = 0; i < 25; i++) {
      const res = await requestLink(`stranger-${i}-${run}@example.com`, `203.0.113.${i + 1}`);
      expect(res.status, `request ${i + 1}`).not.toBe(429);
    }
    const newcomer = `newcomer-${run}@example.com`;
    const answer = await requestLink(newcomer, "198.51.100.1");
    expect(answer.status).not.toBe(429);
  });

  it("each e-mail address keeps its own limit of 5", async () => {
    const email = `one-inbox-${Date.now()}@example.com`;
    await expectLimitedAfter(5, RATE_LIMITS.magicLink.windowSeconds, () => requestLink(email, "203.0.113.9"));
  });

  it("the site-wide ceiling refuses once the whole site has sent its window's links", async () => {
    const { windowSeconds } = RATE_LIMITS.magicLinkSite;
    const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
    if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const state = await consumeRateLimit(RATE_LIMITS.magicLinkSite, "site");
    // The rest of the window's links, spent in one statement rather than one request each.
    await db.execute(
      sql`update rate_limits set count = ${RATE_LIMITS.magicLinkSite.limit} where key = 'magic-link-site:site'`,
    );
    expect(state.allowed).toBe(true);
    const refused = await requestLink(`late-${Date.now()}@example.com`, "203.0.113.10");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await db.execute(sql`delete from rate_limits where key = 'magic-link-site:site'`);
  });
});

describe("per-user limits on send-now and imports", () => {
  // A reminder id nobody owns: the limit is counted before the lookup, so nothing is sent.
  const missing = "00000000-0000-4000-8000-000000000000";
  const send = (cookie: string) =>
    callRoute(sendRoute.POST, `/api/reminders/${missing}/send`, {
      method: "POST",
      cookie,
      params: { id: missing },
    });
  const importRows = (cookie: string) =>
    callRoute(importRoute.POST, "/api/contacts/import", { method: "POST", cookie, body: { rows: "none" } });

  it(`send-now answers 429 with Retry-After after ${RATE_LIMITS.sendNow.limit} per window, retry shares it`, async () => {
    const { cookie } = await createSignedInUser();
    await expectLimitedAfter(RATE_LIMITS.sendNow.limit, RATE_LIMITS.sendNow.windowSeconds, () =>
      send(cookie),
    );
    const retry = await callRoute(retryRoute.POST, `/api/reminders/${missing}/retry`, {
      method: "POST",
      cookie,
      params: { id: missing },
    });
    expect(retry.status).toBe(429);
    // Another user's budget is their own.
    expect((await send((await createSignedInUser()).cookie)).status).toBe(404);
  });

  it(`imports answer 429 with Retry-After after ${RATE_LIMITS.import.limit} per window`, async () => {
    const { cookie } = await createSignedInUser();
    await expectLimitedAfter(RATE_LIMITS.import.limit, RATE_LIMITS.import.windowSeconds, () =>
      importRows(cookie),
    );
    expect((await importRows((await createSignedInUser()).cookie)).status).toBe(400);
  });
});
