import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { noonZone } from "@/tests/support/noon-zone";
import { e2eDb, expect, test } from "./fixtures";
import { addContact, openDialog } from "./reminder-helpers";
import { en, es } from "./shell-helpers";

// A reminder to a whole group with a channel fallback, from the dialog: the choir's Thursday
// reminder in four clicks, sent by the engine in the server to the dev outbox, each member's
// outcome in the History; and the same dialog at 375 px, in Spanish, by its own controls.

/** A group made through the API, as the contacts screen makes it. */
async function makeGroup(page: Page, name: string, contactIds: string[]) {
  const response = await page.request.post("/api/groups", { data: { name, contactIds } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

const consent = { whatsappConsentAt: new Date(), whatsappConsentSource: "written_form" } as const;

async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("[role=dialog]")
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** The engine wakes on this channel (lib/delivery/engine.ts); a test that moves a time says so. */
const wakeEngine = () => e2eDb.execute(sql`select pg_notify('remindful_delivery', ${String(Date.now())})`);

test("the contact select by keyboard: arrows move through the contacts only; the switch to a group is its own control, and coming back keeps the contact", async ({
  page,
  signIn,
}) => {
  const user = await signIn({ timezone: "Europe/Madrid" });
  const ana = await addContact(user.id, "Ana");
  const ben = await addContact(user.id, "Ben");
  await makeGroup(page, "Choir", [ana.id, ben.id]);
  await page.goto("/reminders");
  const dialog = await openDialog(page);
  const toContact = dialog.getByRole("radio", { name: "A contact" });
  const toGroup = dialog.getByRole("radio", { name: "A group" });
  const contact = dialog.getByLabel("Contact", { exact: true });
  await contact.focus();
  // Down from the placeholder: the first contact, then the next; up again to the placeholder.
  await page.keyboard.press("ArrowDown");
  await expect(contact).toHaveValue(ana.id);
  await page.keyboard.press("ArrowDown");
  await expect(contact).toHaveValue(ben.id);
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowUp");
  await expect(contact).toHaveValue("");
  await expect(toContact).toHaveAttribute("aria-checked", "true");
  await expect(contact).toBeFocused();
  await expect(contact.locator("option")).toHaveText(["Select a contact", "Ana", "Ben"]);

  await page.keyboard.press("ArrowDown");
  await expect(contact).toHaveValue(ana.id);
  // A group is chosen with the "To" switch, by keyboard too (Space on its option).
  await toGroup.focus();
  await page.keyboard.press("Space");
  await expect(toGroup).toHaveAttribute("aria-checked", "true");
  await expect(dialog.getByLabel("Group", { exact: true })).toBeVisible();
  await toContact.focus();
  await page.keyboard.press("Space");
  await expect(toContact).toHaveAttribute("aria-checked", "true");
  await expect(contact).toHaveValue(ana.id);
});

test("the choir: every Thursday at 18:00 in each member's zone, WhatsApp, else SMS, e-mail after an hour unconfirmed, in four clicks; each member's outcome in the History", async ({
  page,
  signIn,
}, testInfo) => {
  const user = await signIn({ timezone: "Europe/Madrid" });
  // Each member's clock at about noon: sends now fall outside SMS quiet hours.
  const zone = noonZone(Date.now());
  const suffix = String(Date.now() % 10_000).padStart(4, "0");
  const ana = await addContact(user.id, "Ana", { phone: `+1212551${suffix}`, timezone: zone, ...consent });
  const ben = await addContact(user.id, "Ben", { phone: `+1212552${suffix}`, timezone: zone });
  const chloe = await addContact(user.id, "Chloé", {
    email: "chloe@example.com",
    phone: null,
    timezone: zone,
  });
  const dan = await addContact(user.id, "Dan", { phone: null, emailOptOut: true, timezone: zone });
  await makeGroup(page, "Choir", [ana.id, ben.id, chloe.id, dan.id]);

  // Typed, not clicked: the dashboard's line opens the dialog with the schedule and the message.
  await page.goto("/");
  const line = page.getByRole("textbox", { name: en.quickAdd.label });
  await line.fill("every Thursday at 18:00: Rehearsal at the church hall");
  await line.press("Enter");
  const dialog = page.getByRole("dialog", { name: en.reminderForm.titleCreate });
  await expect(dialog.getByLabel(en.reminderForm.frequency, { exact: true })).toHaveValue("weekly");
  await expect(dialog.getByRole("checkbox", { name: "Thu", exact: true })).toBeChecked();
  await expect(dialog.getByLabel(en.reminderForm.hour, { exact: true })).toHaveValue("18");
  await expect(dialog.getByLabel(en.reminderForm.message, { exact: true })).toHaveValue(
    "Rehearsal at the church hall",
  );

  // Clicks 1 and 2: "A group", then the group (the contact select lists contacts only).
  await dialog.getByRole("radio", { name: "A group" }).click();
  await expect(dialog.getByRole("radio", { name: "A group" })).toHaveAttribute("aria-checked", "true");
  await dialog.getByLabel("Group", { exact: true }).selectOption({ label: "Choir (4 members)" });
  await expect(dialog.getByRole("radio", { name: "Same local time for each member" })).toBeChecked();
  await expect(dialog.getByText("Times are each member's local time.")).toBeVisible();
  // By e-mail (the default) Dan, opted out, is not reached.
  const reach = dialog.getByTestId("group-reach-line");
  await expect(reach).toHaveText("3 messages per occurrence");
  await expect(dialog.getByTestId("group-skipped").locator("summary")).toHaveText(
    "1 member can't be reached",
  );

  // Click 3: the suggested chain.
  await dialog
    .getByRole("button", {
      name: "Use: WhatsApp; if it fails, SMS; if no one confirms within 1 hour, email",
    })
    .click();
  await expect(dialog.getByLabel(en.reminderForm.deliveryMethod)).toHaveValue("whatsapp");
  await expect(dialog.getByRole("checkbox", { name: en.replies.askLabel })).toBeChecked();
  await expect(dialog.getByTestId("chain-sentence")).toHaveText(
    "WhatsApp; if it fails, SMS; if no one confirms within 1 hour, email",
  );
  await expect(dialog.getByLabel("Fallback 1", { exact: true })).toHaveValue("sms");
  await expect(dialog.getByLabel("Fallback 2", { exact: true })).toHaveValue("email");
  await expect(dialog.getByLabel("How long fallback 2 waits")).toHaveValue("1");
  // Recounted for the chain: Dan has neither a phone nor e-mail he accepts.
  await expect(reach).toHaveText("3 messages per occurrence");
  const skipped = dialog.getByTestId("group-skipped");
  await skipped.locator("summary").press("Enter");
  await expect(skipped.getByRole("listitem")).toHaveText(["Dan (no phone number)"]);
  await expectNoA11yViolations(page);

  // Click 4: Create.
  await dialog.getByRole("button", { name: en.reminderForm.submitCreate }).click();
  await expect(page.getByText(en.reminderForm.created).last()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const [saved] = await e2eDb
    .select()
    .from(reminders)
    .where(and(eq(reminders.workspaceId, user.id), eq(reminders.recipient, "group")));
  expect(saved).toMatchObject({
    contactId: null,
    groupTiming: "local_time",
    message: "Rehearsal at the church hall",
    deliveryMethod: "whatsapp",
    askConfirmation: true,
    fallbackChannels: ["sms", "email"],
    fallbackWaitMinutes: [0, 60],
    frequency: "weekly",
    days: ["Thu"],
    time: "18:00",
  });

  // The list names the group and counts its members; a group is not sent now.
  await page.goto("/reminders");
  const row = page.getByTestId("reminder-row").filter({ hasText: "Rehearsal at the church hall" });
  await expect(row.getByText("Choir", { exact: true })).toBeVisible();
  await expect(row.getByTestId("member-count")).toHaveText("4 members");
  await expect(row.getByRole("button", { name: "Send Now" })).toHaveCount(0);

  // Thursday, now: each member's reminder is due and the engine in the server sends it.
  const now = new Date();
  await e2eDb.update(reminders).set({ nextRunAt: now }).where(eq(reminders.parentReminderId, saved.id));
  const outbox = page.getByTestId("outbox-message").filter({ hasText: "Rehearsal at the church hall" });
  await expect(async () => {
    await page.goto("/dev/outbox");
    // Ana by WhatsApp, Ben by SMS (no WhatsApp consent), Chloé by e-mail (no phone).
    await expect(outbox).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(outbox.filter({ hasText: ana.phone ?? "" })).toHaveCount(1);
  await expect(outbox.filter({ hasText: ben.phone ?? "" })).toHaveCount(1);
  await expect(outbox.filter({ hasText: chloe.email ?? "" })).toHaveCount(1);

  // Ben confirms from his phone; Ana does not, and her hour runs out: e-mail.
  await outbox
    .filter({ hasText: ben.phone ?? "" })
    .getByRole("group", { name: `Reply as ${ben.phone}` })
    .getByRole("button", { name: "YES", exact: true })
    .click();
  await e2eDb
    .update(deliveries)
    .set({ fallbackDueAt: new Date() })
    .where(and(eq(deliveries.contactId, ana.id), isNotNull(deliveries.fallbackDueAt)));
  await wakeEngine();
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(outbox.filter({ hasText: ana.email ?? "" })).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  // The History: the occurrence's totals, then each member with every channel tried.
  await page.goto("/reminders");
  await row.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "Delivery history for Choir" });
  await expect(history.getByRole("heading", { name: "Members" })).toBeVisible();
  const total = (key: string) => history.getByTestId("group-totals").locator(`[data-total=${key}] dd`);
  await expect(total("confirmed")).toHaveText("1");
  await expect(total("failed")).not.toHaveText("0");
  const member = (name: string) =>
    history.getByTestId("member-outcome").filter({ has: page.getByRole("heading", { name, exact: true }) });
  const steps = (name: string) => member(name).getByTestId("member-step");
  await expect(steps("Ana")).toHaveCount(2);
  await expect(steps("Ana").nth(0)).toContainText("WhatsApp");
  await expect(steps("Ana").nth(0).locator("[data-status]").first()).toHaveText("Sent");
  await expect(steps("Ana").nth(1)).toContainText("email");
  await expect(steps("Ben")).toHaveCount(2);
  await expect(steps("Ben").nth(0)).toContainText("Skipped: no consent");
  await expect(steps("Ben").nth(0).getByTestId("failure-reason")).toBeVisible();
  await expect(steps("Ben").nth(1)).toContainText("SMS");
  await expect(steps("Ben").nth(1).getByTestId("confirmation-badge")).toHaveText("Confirmed");
  await expect(steps("Chloé").last()).toContainText("email");
  await expect(steps("Dan")).toHaveCount(3);
  await expect(steps("Dan").getByTestId("failure-reason")).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath("group-history.png"), fullPage: true });
  await expectNoA11yViolations(page);
});

test("at 375 px, in Spanish: a group by its own switch, a chain built step by step with a wait, said in words", async ({
  page,
  signIn,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", domain: hostname, path: "/" }]);
  await page.addInitScript(() => localStorage.setItem("locale", "es"));
  const user = await signIn({ timezone: "Europe/Madrid", locale: "es" });
  const a = await addContact(user.id, "Lucía", { phone: "+34600000011", ...consent });
  const b = await addContact(user.id, "Pablo", { phone: null });
  await makeGroup(page, "Coro", [a.id, b.id]);

  await page.goto("/reminders");
  await page.getByRole("button", { name: es.reminders.newReminder }).first().click();
  const dialog = page.getByRole("dialog", { name: es.reminderForm.titleCreate });
  await dialog.getByRole("radio", { name: "Un grupo" }).click();
  // Without a group, Save asks for one under its select.
  await dialog.getByLabel(es.reminderForm.message, { exact: true }).fill("Ensayo general");
  await dialog
    .getByLabel(es.reminderForm.date, { exact: true })
    .fill(
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(
        new Date(Date.now() + 3 * 86_400_000),
      ),
    );
  await dialog.getByRole("button", { name: es.reminderForm.submitCreate }).click();
  const groupSelect = dialog.getByLabel("Grupo", { exact: true });
  await expect(groupSelect).toBeFocused();
  await expect(dialog.locator("#reminder-group-error")).toHaveText("Selecciona un grupo");

  await groupSelect.selectOption({ label: "Coro (2 miembros)" });
  await expect(dialog.locator("#reminder-group-error")).toHaveCount(0);
  await expect(dialog.getByTestId("group-reach-line")).toHaveText("2 mensajes por envío");
  await dialog.getByRole("radio", { name: "El mismo momento para todos" }).click();
  await expect(
    dialog.getByText("Todos lo reciben en el mismo momento: a las 09:00 en tu zona horaria (Europe/Madrid)."),
  ).toBeVisible();

  // SMS first, then by keyboard: add e-mail, wait two hours for a confirmation.
  await dialog.getByLabel(es.reminderForm.deliveryMethod).selectOption("sms");
  await dialog.getByRole("button", { name: "Añadir un canal alternativo" }).click();
  const first = dialog.getByLabel("Alternativa 1", { exact: true });
  await expect(first).toBeFocused();
  await first.selectOption("email");
  await expect(dialog.getByTestId("chain-sentence")).toHaveText("SMS; si falla, correo electrónico");
  const wait = dialog.getByRole("checkbox", { name: "o si nadie confirma en" });
  await wait.focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("checkbox", { name: es.replies.askLabel })).toBeChecked();
  await dialog.getByLabel("Cuánto espera la alternativa 1").fill("2");
  await expect(dialog.getByTestId("chain-sentence")).toHaveText(
    "SMS; si nadie confirma en 2 horas, correo electrónico",
  );
  // Pablo has no phone, but e-mail reaches him.
  await expect(dialog.getByTestId("group-reach-line")).toHaveText("2 mensajes por envío");
  // WhatsApp added, moved first, then removed: e-mail and its wait are left.
  await dialog.getByRole("button", { name: "Añadir otro canal" }).click();
  await dialog.getByRole("button", { name: "Subir la alternativa 2" }).click();
  await expect(dialog.getByLabel("Alternativa 2", { exact: true })).toHaveValue("email");
  await dialog.getByRole("button", { name: "Quitar la alternativa 1" }).click();
  await expect(dialog.getByTestId("chain-sentence")).toHaveText(
    "SMS; si nadie confirma en 2 horas, correo electrónico",
  );

  // Nothing is wider than the screen; axe finds nothing. The screens are kept as artefacts.
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const [name, part] of [
    ["recipient", dialog.getByTestId("group-reach")],
    ["chain", dialog.getByTestId("chain-sentence")],
  ] as const) {
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`group-dialog-375-${name}.png`) });
  }
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: es.reminderForm.submitCreate }).click();
  await expect(page.getByText(es.reminderForm.created).last()).toBeVisible();

  const [saved] = await e2eDb
    .select()
    .from(reminders)
    .where(and(eq(reminders.workspaceId, user.id), eq(reminders.recipient, "group")));
  expect(saved).toMatchObject({
    groupTiming: "same_instant",
    deliveryMethod: "sms",
    askConfirmation: true,
    fallbackChannels: ["email"],
    fallbackWaitMinutes: [120],
  });
  const row = page.getByTestId("reminder-row").filter({ hasText: "Ensayo general" });
  await expect(row.getByTestId("member-count")).toHaveText("2 miembros");

  // Edited: the group, its timing and its chain come back; the recipient cannot become a contact.
  await row.getByRole("button", { name: es.reminders.edit }).click();
  const edit = page.getByRole("dialog", { name: es.reminderForm.titleEdit });
  await expect(edit.getByLabel("Grupo", { exact: true })).toHaveValue(saved.groupId ?? "");
  await expect(edit.getByRole("radio", { name: "Un grupo" })).toHaveCount(0);
  await expect(edit.getByRole("radio", { name: "El mismo momento para todos" })).toBeChecked();
  await expect(edit.getByTestId("chain-sentence")).toHaveText(
    "SMS; si nadie confirma en 2 horas, correo electrónico",
  );

  // The History at 375 px: totals and members readable, nothing wider than the screen.
  await page.keyboard.press("Escape");
  await row.getByRole("button", { name: es.deliveryLog.history }).click();
  const history = page.getByRole("dialog", { name: "Historial de envíos de Coro" });
  await expect(history.getByRole("heading", { name: "Miembros" })).toBeVisible();
  await expect(history.getByTestId("member-outcome")).toHaveCount(2);
  expect(await history.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("group-history-375.png") });
  await expectNoA11yViolations(page);
});
