import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET, PATCH } from "@/app/api/auth/user/route";
import { users } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../support/call-route";
import { createSignedInUser } from "../support/users";

async function reload(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("GET /api/auth/user", () => {
  it("answers 401 with the unauthorized body when signed out", async () => {
    const res = await callRoute(GET, "/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: "unauthorized", message: "Unauthorized" });
  });

  it("returns the signed-in user's fields on the trial plan", async () => {
    const { user, cookie } = await createSignedInUser();
    const res = await callRoute(GET, "/api/auth/user", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: user.id,
      email: user.email,
      planType: "trial",
      subscriptionStatus: "trial",
      remindersQuota: 50,
      remindersUsedCurrentPeriod: 0,
      isActive: true,
      timezone: "UTC",
    });
    const trialEnd = new Date(String(res.json.trialEndDate)).getTime();
    expect(trialEnd - new Date(user.createdAt).getTime()).toBeGreaterThan(6.9 * 86_400_000);
    expect(trialEnd - new Date(user.createdAt).getTime()).toBeLessThan(7.1 * 86_400_000);
  });

  it("ignores an expired or unknown session", async () => {
    const res = await callRoute(GET, "/api/auth/user", { cookie: "authjs.session-token=nope" });
    expect(res.status).toBe(401);
  });
});

describe("PATCH /api/auth/user", () => {
  it("saves the settings and stores the phone in E.164", async () => {
    const { user, cookie } = await createSignedInUser();
    const res = await callRoute(PATCH, "/api/auth/user", {
      method: "PATCH",
      cookie,
      body: {
        firstName: " Ana ",
        lastName: "Díaz",
        senderName: "Ana D.",
        phone: "+1 (415) 555-2671",
        timezone: "Europe/Paris",
      },
    });
    expect(res.status).toBe(200);
    const saved = await reload(user.id);
    expect(saved).toMatchObject({
      firstName: "Ana",
      lastName: "Díaz",
      senderName: "Ana D.",
      phone: "+14155552671",
      timezone: "Europe/Paris",
    });
  });

  it("reads a national number in the country of the zone being saved", async () => {
    const { user, cookie } = await createSignedInUser();
    const body = { phone: "07911 123456", timezone: "Europe/London" };
    const res = await callRoute(PATCH, "/api/auth/user", { method: "PATCH", cookie, body });
    expect(res.status).toBe(200);
    expect((await reload(user.id)).phone).toBe("+447911123456");
    const paris = { phone: "06 12 34 56 78", timezone: "Europe/Paris" };
    await callRoute(PATCH, "/api/auth/user", { method: "PATCH", cookie, body: paris });
    expect((await reload(user.id)).phone).toBe("+33612345678");
  });

  const bad: [string, unknown, RegExp][] = [
    ["a 101-character sender name", { timezone: "UTC", senderName: "x".repeat(101) }, /^senderName: /],
    ["an unknown timezone", { timezone: "Mars/Olympus" }, /^timezone: Unknown timezone/],
    ["a missing timezone", { firstName: "A" }, /^timezone: /],
    ["an unknown field", { timezone: "UTC", planType: "business" }, /planType|Unrecognized/],
    ["a wrong type", { timezone: "UTC", firstName: 42 }, /^firstName: /],
    ["an invalid phone", { timezone: "UTC", phone: "12" }, /^phone: Invalid phone number/],
    [
      "a national number in a zone of no country",
      { timezone: "UTC", phone: "07911 123456" },
      /^phone: Invalid/,
    ],
    ["malformed JSON", "{not json", /^Malformed JSON body$/],
  ];

  it.each(bad)("refuses %s with 400 and changes nothing", async (_label, body, message) => {
    const { user, cookie } = await createSignedInUser();
    const before = await reload(user.id);
    const res = await callRoute(PATCH, "/api/auth/user", { method: "PATCH", cookie, body });
    expect(res.status).toBe(400);
    expect(String(res.json.message)).toMatch(message);
    expect(await reload(user.id)).toEqual(before);
  });

  it("an invalid phone answers the stable code invalid_phone (the UI translates it)", async () => {
    const { cookie } = await createSignedInUser();
    const body = { timezone: "UTC", phone: "12" };
    const res = await callRoute(PATCH, "/api/auth/user", { method: "PATCH", cookie, body });
    expect(res.json).toMatchObject({ code: "invalid_phone", field: "phone" });
  });

  it("refuses a cross-site write with the session cookie", async () => {
    const { user, cookie } = await createSignedInUser();
    const res = await callRoute(PATCH, "/api/auth/user", {
      method: "PATCH",
      cookie,
      headers: { origin: "https://evil.example" },
      body: { timezone: "Asia/Tokyo" },
    });
    expect(res.status).toBe(403);
    expect((await reload(user.id)).timezone).toBe("UTC");
  });

  it("answers 401 when signed out", async () => {
    const res = await callRoute(PATCH, "/api/auth/user", { method: "PATCH", body: { timezone: "UTC" } });
    expect(res.status).toBe(401);
  });
});
