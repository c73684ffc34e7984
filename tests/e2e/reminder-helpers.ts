import type { Page } from "@playwright/test";
import { contacts } from "@/db/schema";
import { e2eDb, expect } from "./fixtures";

export const ZONE = "Australia/Sydney";

/** 'YYYY-MM-DD' of today + `days` in the zone. */
export function localDate(days: number, zone = ZONE): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * 86_400_000));
}

export async function addContact(
  userId: string,
  name: string,
  values: Partial<typeof contacts.$inferInsert> = {},
) {
  const [row] = await e2eDb
    .insert(contacts)
    .values({ workspaceId: userId, name, email: `${name.toLowerCase()}@example.com`, phone: "+61412345678", ...values })
    .returning();
  return row;
}

export async function openDialog(page: Page) {
  await page.getByRole("button", { name: "New Reminder" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Reminder" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Send a heartfelt reminder to your loved ones")).toBeVisible();
  return dialog;
}

export async function submitAndExpectCreated(page: Page) {
  await page.getByRole("button", { name: "Create Reminder" }).click();
  // Earlier toasts may still be showing: look at the newest.
  await expect(page.getByText("Reminder created").last()).toBeVisible();
  await expect(page.getByText("Your reminder has been scheduled successfully.").last()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}
