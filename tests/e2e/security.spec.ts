import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { SIGNED_IN_ROUTES } from "@/config/signed-in-routes";
import { expect, test } from "./fixtures";

const PUBLIC_PAGES = ["/", "/pricing", "/terms", "/sign-in", "/no-such-page", "/prefs/not-a-link"];
// The proxy's list: a signed-in page it does not name would be served to signed-out visitors' browsers.
const SIGNED_IN_PAGES = ["/", ...SIGNED_IN_ROUTES];

test("the proxy's signed-in list names every page of the signed-in route group", () => {
  const group = path.join(process.cwd(), "app", "(app)");
  const pages = readdirSync(group, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(group, entry.name, "page.tsx")))
    .map((entry) => `/${entry.name}`);
  expect(pages.length).toBeGreaterThan(0);
  for (const page of pages) expect(SIGNED_IN_PAGES, page).toContain(page);
});

function expectSecurityHeaders(headers: Record<string, string>, path: string) {
  expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  expect(headers["referrer-policy"], path).toBeTruthy();
}

test("every public page carries the security headers", async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const response = await request.get(path, { maxRedirects: 0 });
    expectSecurityHeaders(response.headers(), path);
  }
});

test("every signed-in page carries the security headers", async ({ page, signIn }) => {
  await signIn();
  for (const path of SIGNED_IN_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    expectSecurityHeaders(response?.headers() ?? {}, path);
  }
});

test("the session cookie from a real sign-in is HttpOnly and SameSite=Lax", async ({ page }) => {
  const email = `cookie-${Date.now()}@example.com`;
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send magic link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  await page.goto("/dev/outbox");
  await page
    .getByTestId("outbox-message")
    .filter({ hasText: email })
    .first()
    .getByRole("link")
    .first()
    .click();
  await page.getByRole("button", { name: "Sign in" }).click();
  // The menu answers once the page is hydrated (a click before that is lost on a busy machine).
  await expect(async () => {
    await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("signed-in-email")).toContainText(email, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const session = (await page.context().cookies()).find((cookie) =>
    cookie.name.endsWith("authjs.session-token"),
  );
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
});

test("a server-action POST from another site is refused with 403, one from the app's own page goes through", async ({
  request,
  baseURL,
}) => {
  const action = {
    "next-action": "0000000000000000000000000000000000000000",
    "content-type": "text/plain;charset=UTF-8",
  };
  const foreign = await request.post("/sign-in", {
    headers: { ...action, origin: "https://evil.example" },
    data: "[]",
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toMatchObject({ code: "cross_site" });
  // Same origin: past the check (an unknown action id is Next's own 404).
  const own = await request.post("/sign-in", {
    headers: { ...action, origin: new URL(baseURL!).origin },
    data: "[]",
    maxRedirects: 0,
  });
  expect(own.status()).not.toBe(403);
  expect(own.status()).toBeLessThan(500);
});

test("Strict-Transport-Security on responses the proxy marks as https, never over plain http", async ({
  request,
}) => {
  const https = await request.get("/", { headers: { "x-forwarded-proto": "https" }, maxRedirects: 0 });
  expect(https.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  const http = await request.get("/", { maxRedirects: 0 });
  expect(http.headers()["strict-transport-security"]).toBeUndefined();
});
