import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { contacts, creditLedger, users, workspaces } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";

test("a Starter subscriber buys the $50 package and sees the credits on billing and in the sidebar", async ({
  page,
  signIn,
}) => {
  const user = await signIn({
    planType: "starter",
    subscriptionStatus: "active",
    remindersQuota: 500,
    stripeSubscriptionId: "sub_e2e_starter",
  });
  await page.goto("/billing");
  await expect(page.getByTestId("credits-balance")).toHaveText("$0.00");
  await expect(page.getByText("No credit activity yet.")).toBeVisible();

  await page.goto("/checkout?plan=payg&package=1");
  await expect(page.getByTestId("demo-order")).toHaveText("$52.50 of credit: 5,250 reminders");
  await page.getByRole("button", { name: "Complete test payment" }).click();
  await expect(page).toHaveURL(/\/billing\?checkout=success$/);

  // Still Starter, and the $52.50 of credits is visible with its ledger line and auto-recharge setting.
  await expect(page.getByTestId("plan-name")).toHaveText("Starter");
  await expect(page.getByTestId("credits-balance")).toHaveText("$52.50");
  const ledger = page.getByTestId("credit-ledger");
  await expect(ledger.getByRole("row").nth(1)).toContainText("Credit purchase");
  await expect(ledger.getByRole("row").nth(1)).toContainText("+$52.50");
  await expect(page.getByTestId("auto-recharge-status")).toHaveText("Auto-recharge is off.");
  await expect(page.getByRole("heading", { name: "Auto-Recharge" })).toBeVisible();
  await expect(page.getByTestId("sidebar-credit").first()).toContainText("$52.50");

  const [row] = await e2eDb.select().from(workspaces).where(eq(workspaces.id, user.workspaceId));
  expect(row).toMatchObject({ planType: "starter", paygCreditBalance: 5250 });
});

test("settings exports the workspace's data as JSON, then deletes the account after the e-mail is typed", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  await e2eDb
    .insert(contacts)
    .values({ workspaceId: user.workspaceId, name: "Ben", email: "ben@example.org" });
  await e2eDb.insert(creditLedger).values({
    workspaceId: user.workspaceId,
    amountCents: 2000,
    reason: "purchase",
    idempotencyKey: `e2e-${user.id}`,
  });
  await page.goto("/settings");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export my data" }).click();
  const file = await (await download).path();
  const data = JSON.parse(await readFile(file, "utf8")) as {
    profile: { email: string };
    contacts: { name: string }[];
    creditLedger: { amountCents: number }[];
  };
  expect(data.profile.email).toBe(user.email);
  expect(data.contacts.map((c) => c.name)).toEqual(["Ben"]);
  expect(data.creditLedger.map((l) => l.amountCents)).toEqual([2000]);

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog");
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${user.email} to confirm`).fill("someone-else@example.com");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${user.email} to confirm`).fill(user.email);
  await confirm.click();

  await expect(page).toHaveURL(/\/$/);
  expect(await e2eDb.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  // The workspace the person was alone in went with them, and everything in it.
  expect(await e2eDb.select().from(workspaces).where(eq(workspaces.id, user.workspaceId))).toHaveLength(0);
  expect(await e2eDb.select().from(contacts).where(eq(contacts.workspaceId, user.workspaceId))).toHaveLength(
    0,
  );
  // Signed out: the settings page sends the visitor away.
  await page.goto("/settings");
  await expect(page).not.toHaveURL(/\/settings/);
});
