import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import { contactDates, reminders } from "@/db/schema";
import { e2eDb, expect, test } from "./fixtures";
import { addContact } from "./reminder-helpers";

// A friend's birthday, then its yearly reminder in a few clicks, in Spanish and in French.

const TEXT = {
  es: {
    menu: "Opciones de Ana López",
    edit: "Editar contacto",
    add: "Añadir una fecha",
    month: "Mes",
    day: "Día",
    year: "Año (opcional)",
    save: "Guardar contacto",
    saved: "Contacto actualizado",
    onCard: "Cumpleaños",
    button: /Crear un recordatorio anual para Ana López/,
    dialog: "Recordatorio anual",
    message: "Mensaje",
    lead7: "7 días antes",
    lead1: "1 día antes",
    create: "Crear",
    created: "Recordatorio anual creado",
    greeting: "¡Feliz cumpleaños, {nombre}!",
    lead: "El cumpleaños de {nombre_completo} es el {fecha} (cumple {edad}).",
    next: /^Próxim/,
    leadRow: "Se te envía por correo electrónico 7 días antes de la fecha",
    editReminder: "Editar",
    editButton: /Editar el recordatorio anual de Ana López/,
    editDialog: "Editar recordatorio anual",
    time: "Hora",
    saveReminder: "Guardar",
    savedReminder: "Recordatorio anual guardado",
  },
  fr: {
    menu: "Options pour Ana López",
    edit: "Modifier le contact",
    add: "Ajouter une date",
    month: "Mois",
    day: "Jour",
    year: "Année (facultative)",
    save: "Enregistrer le contact",
    saved: "Contact mis à jour",
    onCard: "Anniversaire",
    button: /Créer un rappel annuel pour Ana López/,
    dialog: "Rappel annuel",
    message: "Message",
    lead7: "7 jours avant",
    lead1: "1 jour avant",
    create: "Créer",
    created: "Rappel annuel créé",
    greeting: "Joyeux anniversaire, {prénom} !",
    lead: "L’anniversaire de {nom} est le {date} ({âge} ans).",
    next: /^Proch/,
    leadRow: "Vous est envoyé par e-mail 7 jours avant la date",
    editReminder: "Modifier",
    editButton: /Modifier le rappel annuel pour Ana López/,
    editDialog: "Modifier le rappel annuel",
    time: "Heure",
    saveReminder: "Enregistrer",
    savedReminder: "Rappel annuel enregistré",
  },
} as const;

async function setLocale(page: Page, locale: string) {
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, domain: hostname, path: "/" }]);
  await page.addInitScript((value) => localStorage.setItem("locale", value), locale);
}

for (const locale of ["es", "fr"] as const) {
  test(`${locale}: a birthday on a contact becomes a yearly reminder in three clicks`, async ({
    page,
    signIn,
  }) => {
    const text = TEXT[locale];
    const user = await signIn({ locale, timezone: "America/New_York" });
    const contact = await addContact(user.id, "Ana López", {
      email: `ana-${locale}@example.com`,
      timezone: "Europe/Madrid",
      phone: null,
    });
    await setLocale(page, locale);
    await page.goto("/contacts");

    // The birthday, added on the contact form.
    const card = page.getByTestId("contact-card").filter({ hasText: "Ana López" });
    await card.getByRole("button", { name: text.menu }).click();
    await page.getByRole("menuitem", { name: text.edit }).click();
    const form = page.getByRole("dialog", { name: text.edit });
    await form.getByRole("button", { name: text.add }).click();
    await form.getByLabel(text.month, { exact: true }).selectOption("3");
    await form.getByLabel(text.day, { exact: true }).fill("3");
    await form.getByLabel(text.year, { exact: true }).fill("1986");
    await form.getByRole("button", { name: text.save }).click();
    await expect(page.getByText(text.saved).last()).toBeVisible();
    await expect(card.getByTestId("contact-dates-list")).toContainText(text.onCard);
    const [stored] = await e2eDb.select().from(contactDates).where(eq(contactDates.contactId, contact.id));
    expect(stored).toMatchObject({ kind: "birthday", month: 3, day: 3, year: 1986 });

    // Click 1: the date's button; the dialog is prefilled (09:00, greeting, lead a week before).
    await card.getByRole("button", { name: text.button }).click();
    const dialog = page.getByRole("dialog", { name: text.dialog });
    await expect(dialog.getByLabel(text.lead7)).toBeChecked();
    await expect(dialog.getByLabel(text.lead1)).not.toBeChecked();
    await expect(dialog.getByLabel(text.message, { exact: true })).toHaveValue(text.greeting);
    const next = dialog.getByTestId("next-occurrences");
    await expect(next).toHaveText(text.next);
    expect((await next.innerText()).split(" · ")).toHaveLength(3);
    const audit = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
    expect(audit.violations.map((v) => v.id)).toEqual([]);
    // Click 2: Create.
    await dialog.getByRole("button", { name: text.create, exact: true }).click();
    await expect(page.getByText(text.created).last()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const made = await e2eDb.select().from(reminders).where(eq(reminders.contactId, contact.id));
    const yearly = made.find((r) => r.recipient === "contact");
    const lead = made.find((r) => r.recipient === "owner");
    expect(made).toHaveLength(2);
    expect(yearly).toMatchObject({
      frequency: "yearly",
      month: 3,
      dayOfMonth: 3,
      time: "09:00",
      timezone: "Europe/Madrid",
      deliveryMethod: "email",
      message: text.greeting,
      contactDateId: stored.id,
    });
    expect(lead).toMatchObject({
      leadDays: 7,
      deliveryMethod: "email",
      timezone: "America/New_York",
      message: text.lead,
    });

    // One yearly reminder per date: the button now edits the one made, with what was saved.
    await expect(card.getByRole("button", { name: text.button })).toHaveCount(0);
    await card.getByRole("button", { name: text.editButton }).click();
    const editing = page.getByRole("dialog", { name: text.editDialog });
    await expect(editing.getByLabel(text.time, { exact: true })).toHaveValue("09:00");
    await expect(editing.getByLabel(text.message, { exact: true })).toHaveValue(text.greeting);
    await expect(editing.getByLabel(text.lead7)).toBeChecked();
    await editing.getByLabel(text.time, { exact: true }).fill("08:30");
    await editing.getByLabel(text.lead1).check();
    await editing.getByRole("button", { name: text.saveReminder, exact: true }).click();
    await expect(page.getByText(text.savedReminder).last()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const edited = await e2eDb.select().from(reminders).where(eq(reminders.contactId, contact.id));
    expect(edited.map((r) => [r.recipient, r.leadDays, r.time]).sort()).toEqual([
      ["contact", null, "08:30"],
      ["owner", 1, "08:30"],
      ["owner", 7, "08:30"],
    ]);
    expect(edited.find((r) => r.recipient === "contact")?.id).toBe(yearly?.id);

    // Both are in the reminders list.
    await page.goto("/reminders");
    const rows = page.getByTestId("reminder-row").filter({ hasText: "Ana López" });
    await expect(rows).toHaveCount(3);
    // The lead reminder says it goes to the user, and has no Edit (its day follows the date).
    const leadRow = rows.filter({ has: page.getByTestId("lead-line") }).filter({ hasText: text.leadRow });
    await expect(leadRow.getByTestId("lead-line")).toHaveText(text.leadRow);
    await expect(leadRow.getByRole("button", { name: text.editReminder, exact: true })).toHaveCount(0);
    const yearlyRow = rows.filter({ hasNot: page.getByTestId("lead-line") });
    await expect(yearlyRow.getByRole("button", { name: text.editReminder, exact: true })).toBeVisible();
  });
}
