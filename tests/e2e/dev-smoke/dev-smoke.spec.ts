import { PNG_1X1 } from "../../support/avatar-suite";
import { expect, test } from "../fixtures";
import { addContact } from "../reminder-helpers";

// Runs against `next dev` on a free port with APP_URL unset (playwright.config.ts, project "dev").

test("dev server: the magic link and its redirect keep the port the browser used", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  expect(new URL(origin).port).not.toBe("3000");
  const email = `dev-smoke-${Date.now()}@example.com`;
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send magic link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  // Our page, not Auth.js's endpoint, in the address bar.
  await expect(page).toHaveURL(/\/sign-in\/check-email$/);

  await page.goto("/dev/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: email }).first();
  const link = message.getByRole("link").first();
  const href = (await link.getAttribute("href")) ?? "";
  expect(new URL(href).origin).toBe(origin);
  expect(new URL(new URL(href).searchParams.get("callbackUrl") ?? "").origin).toBe(origin);
  await link.click();
  // The link opens the confirmation page on the same port; its button signs in.
  await expect(page).toHaveURL(new RegExp(`^${origin}/sign-in/confirm\\?`));
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(`${origin}/`);
  // A new account's dashboard (server-rendered, so no wait for the page's JavaScript).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome!");
  // The menu answers once the page is hydrated; under next dev that can take a while.
  await expect(async () => {
    await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("signed-in-email")).toContainText(email, { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
});

test("dev server: the dashboard renders and the photo upload dialog opens and uploads", async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();

  await page.goto("/contacts");
  await page.getByRole("button", { name: "Add Contact" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Contact" });
  await dialog.getByRole("button", { name: "Upload Photo" }).click();
  await expect(page.locator(".uppy-Dashboard-inner")).toBeVisible();
  await page.locator(".uppy-Dashboard-input").first().setInputFiles({
    name: "smoke.png",
    mimeType: "image/png",
    buffer: PNG_1X1,
  });
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(dialog.getByTestId("photo-pending")).toBeVisible();
});

// The development build is where React reports a server/browser mismatch (production hydrates
// silently); /settings, /contacts and /dev/outbox hold switches, whose hidden inputs were once
// reported to differ.
test("dev server: /settings, /contacts and /dev/outbox hydrate without a mismatch", async ({
  page,
  signIn,
}) => {
  const mismatches: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) mismatches.push(message.text());
  });
  const user = await signIn();
  // A contact, so /contacts shows its cards rather than the empty state.
  await addContact(user.workspaceId, "Marie");
  for (const path of ["/settings", "/contacts", "/dev/outbox"]) {
    await page.goto(path);
    // Hydrated once React has claimed the page's last element (it marks each node it adopts);
    // next dev compiles each page on its first visit, hence the long wait.
    await page.waitForFunction(
      () => {
        const last = document.querySelector("#main *:last-child, main *:last-child");
        return last !== null && Object.keys(last).some((key) => key.startsWith("__reactFiber"));
      },
      undefined,
      { timeout: 120_000 },
    );
  }
  expect(mismatches).toEqual([]);
});
