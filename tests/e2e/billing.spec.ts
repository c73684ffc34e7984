import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { contacts, workspaces } from "@/db/schema";
import { arrangePerson, e2eDb, expect, test } from "./fixtures";

test("checkout without a plan says 'No plan selected' and returns to /pricing", async ({ page, signIn }) => {
  await signIn();
  await page.goto("/checkout");
  await expect(page.getByRole("alert").filter({ hasText: "No plan selected" }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("a demo checkout for no known order answers a real 404, with the one main landmark of the 404 page", async ({
  page,
  signIn,
}) => {
  await signIn();
  const response = await page.goto("/checkout/demo?plan=nonsense");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("main")).toHaveCount(1);
});

test("a refused checkout returns to /pricing with the server's error shown", async ({ page, signIn }) => {
  await signIn();
  await page.goto("/checkout?plan=personal&frequency=annual");
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "400: paymentFrequency: The personal plan is not sold annual" })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("a free user upgrades to Starter quarterly through the demo checkout", async ({ page, signIn }) => {
  const user = await signIn({ planType: "free", subscriptionStatus: "expired", remindersQuota: 10 });
  await page.goto("/checkout?plan=starter&frequency=quarterly");
  await expect(page).toHaveURL(/\/checkout\/demo\?plan=starter&frequency=quarterly$/);
  await expect(page.getByTestId("demo-order")).toHaveText("Starter plan, billed every 3 months");
  await expect(page.getByTestId("demo-total")).toHaveText("$56.97");
  await page.getByRole("button", { name: "Complete test payment" }).click();

  await expect(page).toHaveURL(/\/billing\?checkout=success$/);
  await expect(page.getByTestId("checkout-success")).toBeVisible();
  await expect(page.getByTestId("plan-name")).toHaveText("Starter");
  await expect(page.getByTestId("status-badge")).toHaveText("Trial");
  await expect(page.getByTestId("trial-countdown")).toHaveText("7 days left in your free trial");
  await expect(page.getByTestId("reminders-usage")).toHaveText("0/500");
  await expect(page.getByTestId("contacts-limit")).toHaveText("100");
  const [row] = await e2eDb.select().from(workspaces).where(eq(workspaces.id, user.workspaceId));
  expect(row).toMatchObject({ planType: "starter", paymentFrequency: "quarterly", remindersQuota: 500 });
});

test("a pay-as-you-go user buys the $20 package and sees $20.00", async ({ page, signIn }) => {
  const user = await signIn({ planType: "payg", subscriptionStatus: "active", paygCreditBalance: 0 });
  await page.goto("/billing");
  await expect(page.getByText("Low Balance")).toBeVisible();
  await page.goto("/checkout?plan=payg&package=0");
  await expect(page.getByTestId("demo-order")).toHaveText("$20.00 of credit: 2,000 reminders");
  await page.getByRole("button", { name: "Complete test payment" }).click();
  await expect(page).toHaveURL(/\/billing\?checkout=success$/);
  await expect(page.getByTestId("credit-balance")).toHaveText("$20.00");
  await expect(page.getByText("Low Balance")).toHaveCount(0);
  const [row] = await e2eDb.select().from(workspaces).where(eq(workspaces.id, user.workspaceId));
  expect(row.paygCreditBalance).toBe(2000);
});

test("the billing page shows status, limits, usage warnings and is accessible", async ({ page, signIn }) => {
  const user = await signIn({ remindersUsedCurrentPeriod: 45, remindersQuota: 50 });
  await e2eDb.insert(contacts).values(
    Array.from({ length: 50 }, (_, i) => ({
      workspaceId: user.workspaceId,
      name: `Contact ${i}`,
      email: `c${i}@example.com`,
    })),
  );
  await page.goto("/billing");
  await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
  await expect(page.getByTestId("status-badge")).toHaveText("Trial");
  await expect(page.getByTestId("status-badge")).toHaveClass(/bg-blue-100/);
  await expect(page.getByTestId("trial-countdown")).toHaveText("7 days left in your free trial");
  for (const name of ["Current Plan", "Usage", "Next Billing", "Payment Method"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText("You've used 90% of your monthly limit")).toBeVisible();
  await expect(page.getByText("Usage Warning", { exact: true })).toBeVisible();
  await expect(page.getByText("Contact limit reached")).toBeVisible();
  await expect(page.getByText("Limit Reached", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Payment Method" })).toBeDisabled();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("an ended trial shows 'Trial ended'", async ({ page, signIn }) => {
  await signIn({ trialEndDate: new Date(Date.now() - 60_000) });
  await page.goto("/billing");
  await expect(page.getByTestId("trial-countdown")).toHaveText("Trial ended");
});

test("Starter with 2 extra members: the order, 'Members: 1 of 5' on billing, and 2 more seats added there", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  await page.goto("/pricing");
  await expect(page.getByTestId("plan-starter-monthly").getByTestId("plan-seats")).toContainText(
    "3 members included",
  );
  await page.goto("/checkout?plan=starter&frequency=monthly&seats=2");
  await expect(page).toHaveURL(/\/checkout\/demo\?plan=starter&frequency=monthly&seats=2$/);
  await expect(page.getByTestId("demo-seats")).toHaveText("2 extra members, billed monthly");
  await expect(page.getByTestId("demo-total")).toHaveText("$29.99");
  await page.getByRole("button", { name: "Complete test payment" }).click();
  await expect(page).toHaveURL(/\/billing\?checkout=success$/);
  const seats = page.getByTestId("seats-card");
  await expect(seats.getByTestId("seats-used")).toHaveText("Members: 1 of 5");

  await seats.getByLabel("Members to add").fill("2");
  await seats.getByRole("button", { name: "Add seats" }).click();
  await expect(seats.getByTestId("seats-used")).toHaveText("Members: 1 of 7");
  const [row] = await e2eDb.select().from(workspaces).where(eq(workspaces.id, user.workspaceId));
  expect(row).toMatchObject({ planType: "starter", extraSeats: 4 });
});

test("a member who is not the owner is refused the billing page and shown none of its data", async ({
  page,
  signInMember,
}) => {
  const owner = await arrangePerson({
    planType: "starter",
    subscriptionStatus: "active",
    paygCreditBalance: 4321,
  });
  await signInMember(owner.workspaceId, "admin");
  await page.goto("/billing");
  await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
  await expect(page.getByTestId("billing-owner-only")).toContainText(
    "Only the workspace's owner can see and change billing",
  );
  // The page holds none of the billing data (the sidebar's usage figures are every member's to read).
  const main = page.getByRole("main");
  await expect(main.getByTestId("plan-name")).toHaveCount(0);
  await expect(main.getByTestId("seats-card")).toHaveCount(0);
  await expect(main.getByText("$43.21")).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
