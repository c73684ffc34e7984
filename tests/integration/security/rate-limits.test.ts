import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/auth/[...nextauth]/route";
import { callRoute } from "../../helpers/call-route";

function requestLink(email: string, ip: string) {
  return callRoute(POST, "/api/auth/signin/nodemailer", {
    method: "POST",
    body: new URLSearchParams({ email, csrfToken: "x" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
  });
}

describe("magic-link requests through Auth.js's own endpoint", () => {
  it("answer 429 after 5 per address in the window, like the sign-in form", async () => {
    const email = `limited-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestLink(email, "203.0.113.7")).status);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });

  it("answer 429 after 20 per IP address across different e-mails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await requestLink(`ip-${i}-${Date.now()}@example.com`, "198.51.100.9")).status);
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses[20]).toBe(429);
  });
});
