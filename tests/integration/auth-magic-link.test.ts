import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { expect, it, vi } from "vitest";
import { sessions, users, verificationTokens } from "@/db/schema";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { db } from "@/lib/db";
import { authSecret } from "@/lib/security/secret";
import { magicLinkConfirmUrl } from "@/lib/auth/magic-link-confirm-url";

/** A link as Auth.js's e-mail provider makes it: the token is stored hashed with the secret. */
async function issueLink(email: string) {
  const token = randomBytes(16).toString("hex");
  await db.insert(verificationTokens).values({
    identifier: email,
    token: createHash("sha256").update(`${token}${authSecret()}`).digest("hex"),
    expires: new Date(Date.now() + 30 * 60_000),
  });
  const query = new URLSearchParams({ callbackUrl: "http://localhost:3000/", token, email });
  return `http://localhost:3000/api/auth/callback/nodemailer?${query.toString()}`;
}

const tokensFor = (email: string) =>
  db.select().from(verificationTokens).where(eq(verificationTokens.identifier, email));

it("a GET of the sign-in link (a mail scanner) leads to the confirmation page and leaves the token usable", async () => {
  const email = `scan-${randomBytes(4).toString("hex")}@example.com`;
  const link = await issueLink(email);
  for (let i = 0; i < 3; i++) {
    const response = await GET(new NextRequest(link));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/sign-in/confirm");
    expect(location.searchParams.get("email")).toBe(email);
    expect(response.headers.get("set-cookie")).toBeNull();
  }
  expect(await tokensFor(email)).toHaveLength(1);

  // The page's button: a POST to the same callback signs in and uses the token up.
  const signIn = await POST(
    new NextRequest(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    }),
  );
  expect(signIn.status).toBe(302);
  expect(signIn.headers.get("location")).toBe("http://localhost:3000/");
  expect(signIn.headers.get("set-cookie")).toMatch(/session-token=/);
  expect(await tokensFor(email)).toHaveLength(0);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

  // Used once: a second POST is refused.
  const again = await POST(new NextRequest(link, { method: "POST", body: "" }));
  expect(again.headers.get("location")).toContain("/sign-in/error?error=Verification");
});

it("the sign-in POST from another site is refused with 403 and leaves the link usable (login CSRF)", async () => {
  const email = `csrf-${randomBytes(4).toString("hex")}@example.com`;
  const link = await issueLink(email);
  const crossSite: Record<string, string>[] = [
    { origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site" },
  ];
  for (const headers of crossSite) {
    const response = await POST(
      new NextRequest(link, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "",
      }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "cross_site" });
    expect(response.headers.get("set-cookie")).toBeNull();
  }
  expect(await tokensFor(email)).toHaveLength(1);
  // From the app's own page it signs in.
  const own = await POST(
    new NextRequest(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: "",
    }),
  );
  expect(own.status).toBe(302);
  expect(own.headers.get("set-cookie")).toMatch(/session-token=/);
});

it("the e-mailed link is the confirmation page with Auth.js's parameters", () => {
  const url = magicLinkConfirmUrl(
    "http://localhost:3000/api/auth/callback/nodemailer?callbackUrl=%2F&token=abc&email=a%40b.co",
  );
  expect(url).toBe("http://localhost:3000/sign-in/confirm?callbackUrl=%2F&token=abc&email=a%40b.co");
});

/** Everything written to the console or the process's output while `run` runs, as lines. */
async function outputOf(run: () => Promise<unknown>): Promise<string[]> {
  const chunks: string[] = [];
  const keep = (...args: unknown[]) => void chunks.push(args.map(String).join(" "));
  const spies = [
    vi.spyOn(console, "error").mockImplementation(keep),
    vi.spyOn(console, "warn").mockImplementation(keep),
    vi.spyOn(console, "log").mockImplementation(keep),
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (keep(chunk), true)),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (keep(chunk), true)),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return chunks.join("\n").split("\n").filter((line) => line.trim() !== "");
}

it("each wrong sign-in token writes one log line, without a stack trace", async () => {
  const email = `guess-${randomBytes(4).toString("hex")}@example.com`;
  await issueLink(email);
  const guess = async () => {
    const query = new URLSearchParams({ callbackUrl: "http://localhost:3000/", token: "wrong", email });
    const response = await POST(
      new NextRequest(`http://localhost:3000/api/auth/callback/nodemailer?${query.toString()}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "",
      }),
    );
    expect(response.headers.get("location")).toContain("/sign-in/error?error=Verification");
  };
  const lines = await outputOf(async () => {
    for (let i = 0; i < 3; i++) await guess();
  });
  expect(lines).toHaveLength(3);
  for (const line of lines) expect(line).toMatch(/auth\.refused.*"type":"Verification"/);
  expect(await tokensFor(email)).toHaveLength(1);
});
