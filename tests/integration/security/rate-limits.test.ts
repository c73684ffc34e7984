import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/auth/[...nextauth]/route";
import * as importRoute from "@/app/api/contacts/import/route";
import * as retryRoute from "@/app/api/reminders/[id]/retry/route";
import * as sendRoute from "@/app/api/reminders/[id]/send/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { callRoute } from "../../helpers/call-route";
import { createSignedInUser } from "../../helpers/users";

function requestLink(email: string, ip: string) {
  return callRoute(POST, "/api/auth/signin/nodemailer", {
    method: "POST",
    body: new URLSearchParams({ email, csrfToken: "x" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
  });
}

/** Fixed windows: start a burst well inside one, so a roll-over cannot reset the count mid-test. */
async function awayFromWindowEdge(windowSeconds: number) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe("magic-link requests through Auth.js's own endpoint", () => {
  it("answer 429 after 5 per address in the window, like the sign-in form", async () => {
    const email = `limited-${Date.now()}@example.com`;
    await awayFromWindowEdge(RATE_LIMITS.magicLink.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestLink(email, "203.0.113.7")).status);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });

  it("answer 429 after 20 per IP address across different e-mails", async () => {
    await awayFromWindowEdge(RATE_LIMITS.magicLink.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await requestLink(`ip-${i}-${Date.now()}@example.com`, "198.51.100.9")).status);
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses[20]).toBe(429);
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
    await awayFromWindowEdge(RATE_LIMITS.sendNow.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.sendNow.limit; i++) statuses.push((await send(cookie)).status);
    expect(statuses).not.toContain(429);
    const refused = await send(cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
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
    await awayFromWindowEdge(RATE_LIMITS.import.windowSeconds);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.import.limit; i++) statuses.push((await importRows(cookie)).status);
    expect(statuses).not.toContain(429);
    const refused = await importRows(cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await importRows((await createSignedInUser()).cookie)).status).toBe(400);
  });
});
