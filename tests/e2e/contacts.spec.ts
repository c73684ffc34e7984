import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { PNG_1X1 } from "../support/avatar-suite";
import { e2eDb, expect, test } from "./fixtures";

const rowsOf = (userId: string) => e2eDb.select().from(contacts).where(eq(contacts.workspaceId, userId));

test("adds a contact with a photo, searches, edits and deletes it", async ({ page, signIn }) => {
  const user = await signIn();
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  await expect(page.getByText("No contacts yet")).toBeVisible();

  // Add, with a photo through the upload dialog.
  await page.getByRole("button", { name: "Add Contact" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Contact" });
  await dialog.getByRole("button", { name: "Save Contact" }).click();
  await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
  const dialogAudit = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
  expect(dialogAudit.violations.map((v) => v.id)).toEqual([]);
  await expect(dialog.getByText("Either email or phone must be provided")).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill("Ann Lee");
  await dialog.getByLabel("Email", { exact: true }).fill("ann@example.com");
  await dialog.getByRole("button", { name: "Upload Photo" }).click();
  await page.locator(".uppy-Dashboard-input").first().setInputFiles({
    name: "ann.png",
    mimeType: "image/png",
    buffer: PNG_1X1,
  });
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(dialog.getByTestId("photo-pending")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByText("Contact added")).toBeVisible();
  const card = page.getByTestId("contact-card").filter({ hasText: "Ann Lee" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: "Ann Lee" })).toBeVisible();
  const [saved] = await rowsOf(user.id);
  expect(saved.avatarUrl).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}$/);
  const image = await page.request.get(saved.avatarUrl ?? "");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  await expect(card.getByRole("link", { name: "Send Reminder" })).toHaveAttribute(
    "href",
    `/reminders?new=1&contactId=${saved.id}`,
  );

  // A second contact, then search by name (case-insensitively) and by phone.
  await page.getByRole("button", { name: "Add Contact" }).first().click();
  const second = page.getByRole("dialog", { name: "Add Contact" });
  await second.getByLabel("Name", { exact: true }).fill("Bob Stone");
  await second.getByLabel("Phone (optional)").fill("+1 415 555 2671");
  await second.getByLabel("Relationship (optional)").fill("Brother");
  await second.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByTestId("contact-card")).toHaveCount(2);
  // Stored in E.164, shown in international format.
  await expect(page.getByTestId("contact-card").filter({ hasText: "Bob Stone" })).toContainText(
    "+1 415 555 2671",
  );
  // The toaster is the app shell's; this audits the Contacts screen itself.
  const audit = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  const search = page.getByLabel("Search contacts by name, email or phone");
  await search.fill("ANN");
  await expect(page.getByTestId("contact-card")).toHaveCount(1);
  // By phone digits, however they are spaced.
  await search.fill("415 5552671");
  await expect(page.getByTestId("contact-card")).toHaveCount(1);
  await expect(page.getByTestId("contact-card")).toContainText("Bob Stone");
  await search.fill("nobody");
  await expect(page.getByText("No contacts found")).toBeVisible();
  await search.fill("");

  // Edit for real.
  await card.getByRole("button", { name: "Options for Ann Lee" }).click();
  await page.getByRole("menuitem", { name: "Edit Contact" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue("Ann Lee");
  await edit.getByLabel("Name", { exact: true }).fill("Ann Marie Lee");
  await edit.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByTestId("contact-card").filter({ hasText: "Ann Marie Lee" })).toBeVisible();
  expect((await rowsOf(user.id)).map((c) => c.name).sort()).toEqual(["Ann Marie Lee", "Bob Stone"]);

  // Delete at once: no question first, the toast offers Undo (tests/e2e/undo.spec.ts).
  const bob = page.getByTestId("contact-card").filter({ hasText: "Bob Stone" });
  await bob.getByRole("button", { name: "Options for Bob Stone" }).click();
  await page.getByRole("menuitem", { name: "Delete Contact" }).click();
  await expect(page.getByText("Contact deleted")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
  await expect(page.getByTestId("contact-card")).toHaveCount(1);
  expect(await rowsOf(user.id)).toHaveLength(1);
});

test("downloads the template and imports it back", async ({ page, signIn }) => {
  const user = await signIn();
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Import Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  const downloadPromise = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download Template" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("contacts_template.csv");
  const file = await download.path();
  expect(readFileSync(file, "utf8").split(/\r?\n/)[0]).toBe(
    "name,email,phone,relationship,birthday,anniversary,group",
  );
  await dialog.getByLabel("CSV or vCard file", { exact: true }).setInputFiles(file);
  // Nothing is sent before the preview's confirmation.
  await expect(dialog.getByTestId("import-preview-count")).toHaveText("3 contacts will be imported.");
  expect(await rowsOf(user.id)).toHaveLength(0);
  await dialog.getByRole("button", { name: "Import 3 contacts" }).click();
  await expect(page.getByText("Import complete")).toBeVisible();
  await expect(
    page.getByText(
      "Successfully imported 3 contacts; 2 added to “Book club”; 1 added to “Work”; 1 added to “Family”",
    ),
  ).toBeVisible();
  await expect(page.getByTestId("contact-card")).toHaveCount(3);
  expect(await rowsOf(user.id)).toHaveLength(3);

  // Importing the same file again: every row is a duplicate and is listed with its reason.
  await page.getByRole("button", { name: "Import Contacts" }).click();
  await dialog.getByLabel("CSV or vCard file", { exact: true }).setInputFiles(file);
  await dialog.getByRole("button", { name: "Import 3 contacts" }).click();
  // Nothing imported is not a success: an error toast with the first reason.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "No contacts imported" });
  await expect(toast).toHaveAttribute("data-type", "error");
  await expect(toast).toContainText("Row 2: A contact with this email already exists");
  await expect(page.getByText("Import complete")).toHaveCount(0);
  await expect(dialog.getByTestId("import-failures")).toContainText(
    "Row 2: A contact with this email already exists",
  );

  // Without a contact picker the phone tab says so and offers no button that can only fail.
  await dialog.getByRole("tab", { name: "Phone" }).click();
  await expect(dialog.getByTestId("phone-unsupported")).toHaveText(
    "Not supportedYour browser doesn't support contact import",
  );
  await expect(dialog.getByRole("button", { name: "Import from Phone" })).toHaveCount(0);
});

test("imports a real Google Contacts export: all 5 rows, names joined, numbers formatted", async ({
  page,
  signIn,
}) => {
  // No phone of their own, living in London: "07823 456789" is a British mobile.
  const user = await signIn({ planType: "starter", timezone: "Europe/London", phone: null });
  await page.goto("/contacts");
  // This browser is on UTC: the time-zone offer comes in above the page and moves the buttons
  // down; a click aimed before it lands would miss.
  await expect(page.getByRole("region", { name: "Time zone" })).toBeVisible();
  await page.getByRole("button", { name: "Import Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  await dialog
    .getByLabel("CSV or vCard file", { exact: true })
    .setInputFiles("tests/fixtures/contacts/google-contacts.csv");
  await dialog.getByRole("button", { name: "Import 5 contacts" }).click();
  const done = page.locator("[data-sonner-toast]").filter({ hasText: "Import complete" });
  await expect(done).toHaveAttribute("data-type", "success");
  await expect(done).toContainText("Successfully imported 5 contacts");
  await expect(page.getByTestId("contact-card")).toHaveCount(5);
  const robert = page.getByTestId("contact-card").filter({ hasText: "Robert James Lee" });
  await expect(robert.getByTestId("contact-phone")).toHaveText("+44 7823 456789");
  await expect(
    page.getByTestId("contact-card").filter({ hasText: "José García Pérez" }).getByTestId("contact-phone"),
  ).toHaveText("+34 612 34 56 78");
  expect((await rowsOf(user.id)).map((c) => c.phone).sort()).toEqual([
    "+14155552671",
    "+33612345678",
    "+34612345678",
    "+447823456789",
    "+447911123456",
  ]);

  // The contact form shows the number formatted and the contact's zone and language.
  await robert.getByRole("button", { name: "Options for Robert James Lee" }).click();
  await page.getByRole("menuitem", { name: "Edit Contact" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Phone (optional)")).toHaveValue("+44 7823 456789");
  await expect(edit.getByLabel("Time zone (optional)")).toHaveValue("");
  await expect(edit.getByRole("option", { name: "Automatic: Europe/London" })).toBeAttached();
  await edit.getByLabel("Time zone (optional)").selectOption("Europe/Dublin");
  await edit.getByLabel("Message language").selectOption("fr");
  await edit.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByText("Contact updated")).toBeVisible();
  const [saved] = (await rowsOf(user.id)).filter((c) => c.name === "Robert James Lee");
  expect([saved.timezone, saved.locale]).toEqual(["Europe/Dublin", "fr"]);
});

test("settings: an invalid phone shows under the field", async ({ page, signIn }) => {
  await signIn({ timezone: "UTC" });
  await page.goto("/settings");
  await page.getByLabel("Phone Number").fill("12");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Invalid phone number" })).toBeVisible();
  await expect(page.getByLabel("Phone Number")).toBeFocused();
});

test("the free plan's sixth contact opens the upgrade dialog instead of being created", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ planType: "free", subscriptionStatus: "active" });
  await e2eDb.insert(contacts).values(
    Array.from({ length: 4 }, (_, i) => ({
      workspaceId: user.id,
      name: `Friend ${i}`,
      email: `f${i}@example.com`,
    })),
  );
  await page.goto("/contacts");
  await expect(page.getByTestId("contact-card")).toHaveCount(4);

  // The fifth fits.
  await page.getByRole("button", { name: "Add Contact" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Contact" });
  await dialog.getByLabel("Name", { exact: true }).fill("Fifth");
  await dialog.getByLabel("Email", { exact: true }).fill("fifth@example.com");
  await dialog.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByTestId("contact-card")).toHaveCount(5);

  // The sixth: the upgrade prompt, nothing created.
  await page.getByRole("button", { name: "Add Contact" }).first().click();
  const upgrade = page.getByRole("dialog", { name: "Contact Limit Reached" });
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toContainText(
    "You've reached your contact limit on the Free plan. Upgrade to continue growing!",
  );
  await expect(upgrade.getByRole("link", { name: "Upgrade to Personal" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  await upgrade.getByRole("button", { name: "Not Now" }).click();
  await expect(upgrade).toBeHidden();
  expect(await rowsOf(user.id)).toHaveLength(5);
});

test("imports from the phone's contact picker, counting incomplete entries as failed", async ({
  page,
  signIn,
}) => {
  const user = await signIn();
  // Chromium on a desktop has no Contact Picker and its native sheet cannot be driven by a
  // test: the page gets a picker that answers as Chrome on Android does.
  await page.addInitScript(() => {
    const entries = [
      { name: ["Pia Ray"], email: ["pia@example.com"], tel: [] },
      { name: ["Raj Patel"], email: [], tel: ["+1 415 555 2671"] },
      { name: [], email: ["nameless@example.com"], tel: [] },
      { name: ["No Way"], email: [], tel: [] },
    ];
    Object.defineProperty(navigator, "contacts", { value: { select: async () => entries } });
  });
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Import Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  await dialog.getByRole("tab", { name: "Phone" }).click();
  await dialog.getByRole("button", { name: "Import from Phone" }).click();
  const partial = page.locator("[data-sonner-toast]").filter({ hasText: "Import finished with errors" });
  await expect(partial).toHaveAttribute("data-type", "warning");
  await expect(partial).toContainText("Successfully imported 2 contacts, 2 failed");
  await expect(dialog.getByTestId("import-failures")).toContainText(
    "Row 3: Entry has no name, or neither email nor phone",
  );
  expect((await rowsOf(user.id)).map((c) => c.name).sort()).toEqual(["Pia Ray", "Raj Patel"]);
});
