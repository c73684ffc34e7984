import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "@playwright/test";
import { contactGroupMembers, contactGroups, contacts } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { layoutProblems } from "./screen-checks";

test.use({ timezoneId: "UTC" });

const groupsOf = (userId: string) =>
  e2eDb.select().from(contactGroups).where(eq(contactGroups.workspaceId, userId));

/** The names of a group's members, sorted. */
async function memberNames(groupId: string): Promise<string[]> {
  const rows = await e2eDb
    .select({ name: contacts.name })
    .from(contactGroupMembers)
    .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contactId))
    .where(eq(contactGroupMembers.groupId, groupId));
  return rows.map((row) => row.name).sort();
}

async function seedContacts(userId: string, names: string[]) {
  return e2eDb
    .insert(contacts)
    .values(
      names.map((name, i) => ({
        workspaceId: userId,
        name,
        email: `${name.split(" ")[0].toLowerCase()}${i}@example.com`,
      })),
    )
    .returning();
}

const card = (page: Page, name: string) => page.getByTestId("contact-card").filter({ hasText: name });

/** Presses Tab until `target` has focus (keyboard only: no click, no focus() call). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("a group from three selected contacts: badges, count, filter, rename, remove one, delete", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: "UTC" });
  await seedContacts(user.id, ["Ann Lee", "Bob Stone", "Cleo Park", "Dan Ito"]);
  await page.goto("/contacts");
  await expect(page.getByTestId("contact-card")).toHaveCount(4);
  // No groups yet: no filter to offer.
  await expect(page.getByTestId("group-filter")).toHaveCount(0);

  // Select three; the bar counts them.
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await expect(page.getByRole("button", { name: "Select", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const bar = page.getByRole("region", { name: "Selected contacts" });
  await expect(bar.getByTestId("selection-count")).toHaveText("None selected");
  await page.getByRole("checkbox", { name: "Select Ann Lee" }).check();
  // A click anywhere on a card ticks it too.
  await card(page, "Bob Stone").click();
  await page.getByRole("checkbox", { name: "Select Cleo Park" }).check();
  await expect(page.getByRole("checkbox", { name: "Select Bob Stone" })).toBeChecked();
  await expect(bar.getByTestId("selection-count")).toHaveText("3 selected");

  // Add them to a new group; a new group needs a name.
  await bar.getByRole("button", { name: "Add to group" }).click();
  const add = page.getByRole("dialog", { name: "Add 3 contacts to a group" });
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(add.getByText("Choose a group, or New group to name one")).toBeVisible();
  await add.getByLabel("Group", { exact: true }).selectOption({ label: "New group…" });
  await add.getByRole("button", { name: "Add", exact: true }).click();
  await expect(add.getByText("Give the group a name")).toBeVisible();
  await expect(add.getByLabel("Name of the new group")).toBeFocused();
  await add.getByLabel("Name of the new group").fill("Choir");
  await add.getByRole("button", { name: "Add", exact: true }).click();
  const added = page.locator("[data-sonner-toast]").filter({ hasText: "Added to “Choir”" });
  await expect(added).toContainText("3 contacts added.");
  await expect(add).toBeHidden();
  // Focus is back where the dialog was opened from.
  await expect(bar.getByRole("button", { name: "Add to group" })).toBeFocused();
  const [choir] = await groupsOf(user.id);
  expect(choir.name).toBe("Choir");
  expect(await memberNames(choir.id)).toEqual(["Ann Lee", "Bob Stone", "Cleo Park"]);

  // Badges on the three cards, not on the fourth; the filter counts the members.
  for (const name of ["Ann Lee", "Bob Stone", "Cleo Park"])
    await expect(card(page, name).getByRole("list", { name: "Groups" })).toHaveText("Choir");
  await expect(card(page, "Dan Ito").getByRole("list", { name: "Groups" })).toHaveCount(0);
  await bar.getByRole("button", { name: "Done" }).click();
  await expect(bar).toBeHidden();
  await expect(page.getByRole("button", { name: "Select", exact: true })).toBeFocused();

  // Filter by it: the address says so, and a reload keeps it.
  const filter = page.getByLabel("Show contacts of a group");
  await expect(filter.locator("option")).toHaveText(["All contacts (4)", "Choir (3 members)"]);
  await filter.selectOption({ label: "Choir (3 members)" });
  await expect(page).toHaveURL(new RegExp(`/contacts\\?group=${choir.id}$`));
  await expect(page.getByTestId("contact-card")).toHaveCount(3);
  await page.reload();
  await expect(page.getByTestId("contact-card")).toHaveCount(3);
  await expect(filter).toHaveValue(choir.id);

  // Rename it in the Groups dialog.
  await page.getByRole("button", { name: "Groups" }).click();
  const groups = page.getByRole("dialog", { name: "Groups" });
  await expect(groups.getByTestId("group-row")).toContainText("3 contacts");
  await groups.getByLabel("New name for Choir").fill("Chamber choir");
  await groups.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Group renamed to “Chamber choir”")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(groups).toBeHidden();
  await expect(page.getByRole("button", { name: "Groups" })).toBeFocused();
  await expect(card(page, "Ann Lee").getByRole("list", { name: "Groups" })).toHaveText("Chamber choir");
  await expect(filter.locator("option:checked")).toHaveText("Chamber choir (3 members)");

  // Take one member out of the filtered group; Undo could put them back.
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await page.getByRole("checkbox", { name: "Select Bob Stone" }).check();
  await bar.getByRole("button", { name: "Remove from Chamber choir" }).click();
  const removed = page.locator("[data-sonner-toast]").filter({ hasText: "Removed from “Chamber choir”" });
  await expect(removed).toContainText("1 contact taken out of the group.");
  await expect(removed.getByRole("button", { name: "Undo" })).toBeVisible();
  await expect(page.getByTestId("contact-card")).toHaveCount(2);
  await expect(bar.getByTestId("selection-count")).toHaveText("None selected");
  await expect(bar.getByRole("button", { name: "Select all (2)" })).toBeFocused();
  expect(await memberNames(choir.id)).toEqual(["Ann Lee", "Cleo Park"]);
  await expect(filter.locator("option:checked")).toHaveText("Chamber choir (2 members)");

  // Delete it: the question says what goes with it; the filter ends.
  await bar.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Groups" }).click();
  await groups.getByRole("button", { name: "Delete Chamber choir" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete the group “Chamber choir”?" });
  await expect(confirm).toContainText("Its 2 contacts stay in your contacts.");
  await expect(confirm).toContainText("Reminders sent to this group are deleted too");
  await confirm.getByRole("button", { name: "Delete group" }).click();
  await expect(page.getByText("Group “Chamber choir” deleted")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(groups.getByTestId("groups-empty")).toContainText("No groups yet");
  await expect(groups.getByLabel("Name of the new group")).toBeFocused();
  expect(await groupsOf(user.id)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByTestId("contact-card")).toHaveCount(4);
  await expect(page.getByTestId("group-filter")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Groups" })).toHaveCount(0);
});

test("imports a CSV into a new group, then another into that group", async ({ page, signIn }) => {
  const user = await signIn({ timezone: "UTC" });
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Import Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  const groupSelect = dialog.getByLabel("Add imported contacts to a group");
  await expect(groupSelect.locator("option")).toHaveText(["No group", "New group…"]);
  await groupSelect.selectOption({ label: "New group…" });
  await dialog.getByLabel("CSV or vCard file", { exact: true }).setInputFiles({
    name: "neighbours.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,email\nPia Ray,pia@example.com\nRaj Patel,raj@example.com\n"),
  });
  // The new group needs its name before anything is sent.
  await dialog.getByRole("button", { name: "Import 2 contacts" }).click();
  await expect(dialog.getByText("Give the group a name")).toBeVisible();
  expect(await e2eDb.select().from(contacts).where(eq(contacts.workspaceId, user.id))).toEqual([]);
  await dialog.getByLabel("Name of the new group").fill("Neighbours");
  await expect(dialog.getByTestId("import-preview-count")).toHaveText(
    "2 contacts will be imported. All of them also join “Neighbours”.",
  );
  await dialog.getByRole("button", { name: "Import 2 contacts" }).click();
  const done = page.locator("[data-sonner-toast]").filter({ hasText: "Import complete" });
  await expect(done).toContainText("Successfully imported 2 contacts; 2 added to “Neighbours”");
  const [neighbours] = await groupsOf(user.id);
  expect(neighbours.name).toBe("Neighbours");
  expect(await memberNames(neighbours.id)).toEqual(["Pia Ray", "Raj Patel"]);
  await expect(page.getByLabel("Show contacts of a group").locator("option")).toHaveText([
    "All contacts (2)",
    "Neighbours (2 members)",
  ]);
  await expect(card(page, "Pia Ray").getByRole("list", { name: "Groups" })).toHaveText("Neighbours");

  // A second file into the existing group.
  await page.getByRole("button", { name: "Import Contacts" }).click();
  await groupSelect.selectOption({ label: "Neighbours (2 members)" });
  await dialog.getByLabel("CSV or vCard file", { exact: true }).setInputFiles({
    name: "more.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,email\nSol Vega,sol@example.com\n"),
  });
  await dialog.getByRole("button", { name: "Import 1 contact" }).click();
  await expect(
    page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Successfully imported 1 contact; 1 added to “Neighbours”" }),
  ).toBeVisible();
  expect(await memberNames(neighbours.id)).toEqual(["Pia Ray", "Raj Patel", "Sol Vega"]);
});

test("on a 375 px phone: a file with a Group column is previewed, confirmed by keyboard, and lands in its groups", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const user = await signIn({ timezone: "UTC" });
  const [old] = await seedContacts(user.id, ["Old Friend"]);
  const [choir] = await e2eDb
    .insert(contactGroups)
    .values({ workspaceId: user.id, name: "Choir" })
    .returning();
  await e2eDb
    .insert(contactGroupMembers)
    .values({ groupId: choir.id, contactId: old.id, workspaceId: user.id });
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Import Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });

  // Plain words first; the technical detail waits behind its disclosure.
  const help = dialog.getByTestId("import-help");
  await expect(help.locator("p").first()).toHaveText(
    "Use a spreadsheet saved as CSV, or contacts exported from your phone, Google or Outlook. Each row is one person: a name, and an email or a phone number. You can add birthday, anniversary and group columns too.",
  );
  await expect(help.getByText(/BDAY/)).toBeHidden();
  await help.getByText("More about files, dates and groups").click();
  await expect(help.getByText(/BDAY/)).toBeVisible();

  const file = dialog.getByLabel("CSV or vCard file", { exact: true });
  await file.setInputFiles({
    name: "wrong.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,email\nZed,zed@example.com\n"),
  });
  await expect(dialog.getByTestId("import-preview-count")).toHaveText("1 contact will be imported.");
  // Another file instead: back to the file control, nothing sent.
  await dialog.getByRole("button", { name: "Choose another file" }).click();
  await expect(dialog.getByTestId("import-preview")).toHaveCount(0);
  await expect(file).toBeFocused();

  await file.setInputFiles({
    name: "people.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "Name,Email,Phone,Birthday,Group,Notes",
        "Ann Lee,ann.lee.with.a.long.address@example.com,,1986-03-14,choir,likes tea",
        "Bo Ray,bo@example.com,+34 600 000 001,,Choir; Family,",
        "Cy Fox,cy@example.com,,,,",
        "No Way,,,,Choir,",
        "Di Moss,di@example.com,,--07-14,Family,",
        "Ed Bell,ed@example.com,,,,",
        "Flo Hart,flo@example.com,,,choir,",
      ].join("\n"),
    ),
  });
  const preview = dialog.getByTestId("import-preview");
  await expect(preview.getByRole("heading", { name: "Check before importing" })).toBeFocused();
  await expect(dialog.getByTestId("import-preview-count")).toHaveText(
    "6 contacts will be imported. 1 row will be skipped.",
  );
  await expect(dialog.getByTestId("import-columns-understood")).toHaveText(
    "Name, Email, Phone, Birthday, Group",
  );
  await expect(dialog.getByTestId("import-columns-ignored")).toHaveText("Notes");
  const table = preview.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Row",
    "Name",
    "Email",
    "Phone",
    "Birthday",
    "Group",
  ]);
  await expect(dialog.getByTestId("import-preview-caption")).toHaveText(
    "The first 5 contacts of 6, as they will be imported",
  );
  await expect(
    preview.getByRole("table", { name: "The first 5 contacts of 6, as they will be imported" }),
  ).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await expect(table.locator("tbody tr").first().getByRole("cell")).toHaveText([
    "2",
    "ann.lee.with.a.long.address@example.com",
    "",
    "March 14, 1986",
    "choir",
  ]);
  await expect(table.getByRole("rowheader")).toHaveText([
    "Ann Lee",
    "Bo Ray",
    "Cy Fox",
    "Di Moss",
    "Ed Bell",
  ]);
  await expect(dialog.getByTestId("import-preview-skipped")).toHaveText(
    "Row 5: Either email or phone must be provided",
  );
  expect(await e2eDb.select().from(contacts).where(eq(contacts.workspaceId, user.id))).toHaveLength(1);

  // The table scrolls sideways in its own box; the page and the dialog do not.
  const region = preview.getByRole("region", { name: "The first 5 contacts of 6, as they will be imported" });
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await layoutProblems(page)).toEqual([]);
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const audit = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
  expect(audit.violations.map((v) => v.id)).toEqual([]);

  // Keyboard only from the heading: the table's box, then the confirmation.
  await page.keyboard.press("Tab");
  await expect(region).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Import 6 contacts" })).toBeFocused();
  await page.keyboard.press("Enter");

  const done = page.locator("[data-sonner-toast]").filter({ hasText: "Import finished with errors" });
  await expect(done).toContainText(
    "Successfully imported 6 contacts, 1 failed; 3 added to “Choir”; 2 added to “Family”",
  );
  await expect(dialog.getByTestId("import-failures")).toHaveText(
    "Row 5: Either email or phone must be provided",
  );
  const groups = await e2eDb.select().from(contactGroups).where(eq(contactGroups.workspaceId, user.id));
  expect(groups.map((g) => g.name).sort()).toEqual(["Choir", "Family"]);
  expect(await memberNames(choir.id)).toEqual(["Ann Lee", "Bo Ray", "Flo Hart", "Old Friend"]);
  const family = groups.find((g) => g.name === "Family");
  expect(await memberNames(family?.id ?? "")).toEqual(["Bo Ray", "Di Moss"]);

  await page.keyboard.press("Escape");
  await expect(page.getByLabel("Show contacts of a group").locator("option")).toHaveText([
    "All contacts (7)",
    "Choir (4 members)",
    "Family (2 members)",
  ]);
  await expect(card(page, "Bo Ray").getByRole("list", { name: "Groups" })).toHaveText(/Choir\s*Family/);
});

test("an empty group says so and offers every contact back", async ({ page, signIn }) => {
  const user = await signIn({ timezone: "UTC" });
  await seedContacts(user.id, ["Ann Lee"]);
  const [club] = await e2eDb
    .insert(contactGroups)
    .values({ workspaceId: user.id, name: "Book club" })
    .returning();
  await page.goto(`/contacts?group=${club.id}`);
  await expect(page.getByRole("heading", { name: "No one in Book club yet" })).toBeVisible();
  await page.getByRole("button", { name: "Show all contacts" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByTestId("contact-card")).toHaveCount(1);
  // A group that is not the user's (or no longer exists) is no filter at all.
  await page.goto("/contacts?group=not-a-group");
  await expect(page.getByTestId("contact-card")).toHaveCount(1);
  await expect(page.getByLabel("Show contacts of a group")).toHaveValue("");
});

test("keyboard only: Select, tick two contacts, add them to a new group", async ({ page, signIn }) => {
  const user = await signIn({ timezone: "UTC" });
  await seedContacts(user.id, ["Ann Lee", "Bob Stone", "Cleo Park"]);
  await page.goto("/contacts");
  await expect(page.getByTestId("contact-card")).toHaveCount(3);

  const selectMode = page.getByRole("button", { name: "Select", exact: true });
  await tabTo(page, selectMode);
  await page.keyboard.press("Enter");
  await expect(selectMode).toHaveAttribute("aria-pressed", "true");

  // In Select mode the cards' own controls are out of the tab order: checkbox follows checkbox.
  const ann = page.getByRole("checkbox", { name: "Select Ann Lee" });
  await tabTo(page, ann);
  // The focused checkbox shows it (a ring), not only the browser's default.
  expect(await ann.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: "Select Bob Stone" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: "Select Cleo Park" })).toBeFocused();
  await page.keyboard.press("Space");
  const bar = page.getByRole("region", { name: "Selected contacts" });
  await expect(bar.getByTestId("selection-count")).toHaveText("2 selected");

  const addButton = bar.getByRole("button", { name: "Add to group" });
  await tabTo(page, addButton);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add 2 contacts to a group" });
  const choice = dialog.getByLabel("Group", { exact: true });
  await tabTo(page, choice);
  // A closed select takes typed letters: "N" is New group….
  await page.keyboard.press("n");
  await expect(choice).toHaveValue("+new");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Name of the new group")).toBeFocused();
  await page.keyboard.type("Book club");
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Added to “Book club”" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
  const [club] = await groupsOf(user.id);
  expect(await memberNames(club.id)).toEqual(["Ann Lee", "Cleo Park"]);
});

test("in French on a 375 px phone: the filter, Select all and the bar fit without sideways scrolling", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const user = await signIn({ timezone: "UTC", locale: "fr" });
  // The page's language follows the browser's language cookie, as the switch in the header sets it.
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", domain: hostname, path: "/" }]);
  const people = await seedContacts(user.id, [
    "Marie-Hélène Fournier-Delacroix",
    "Jean-Baptiste Dupont-Aignan",
    "Zoé Lambert",
  ]);
  const [group] = await e2eDb
    .insert(contactGroups)
    .values({ workspaceId: user.id, name: "Chorale paroissiale du dimanche matin" })
    .returning();
  await e2eDb
    .insert(contactGroupMembers)
    .values(people.slice(0, 2).map((c) => ({ groupId: group.id, contactId: c.id, workspaceId: user.id })));

  await page.goto(`/contacts?group=${group.id}`);
  const filter = page.getByLabel("Afficher les contacts d’un groupe");
  await expect(filter).toHaveValue(group.id);
  await expect(filter.locator("option:checked")).toHaveText(
    "Chorale paroissiale du dimanche matin (2 membres)",
  );
  await expect(page.getByTestId("contact-card")).toHaveCount(2);
  await expect(card(page, "Zoé Lambert"), "the third contact is not in the group").toHaveCount(0);

  await page.getByRole("button", { name: "Sélectionner", exact: true }).click();
  const bar = page.getByRole("region", { name: "Contacts sélectionnés" });
  await bar.getByRole("button", { name: "Tout sélectionner (2)" }).click();
  await expect(bar.getByTestId("selection-count")).toHaveText("2 sélectionnés");
  await expect(bar.getByRole("button", { name: "Tout désélectionner" })).toBeFocused();
  for (const name of ["Ajouter à un groupe", "Retirer de Chorale paroissiale du dimanche matin", "Terminé"])
    await expect(bar.getByRole("button", { name })).toBeVisible();

  // Nothing wider than the window; every control of the bar inside it.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  for (const button of await bar.getByRole("button").all()) {
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
});
