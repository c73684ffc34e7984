import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as CREATE_CONTACT } from "@/app/api/contacts/route";
import { PUT as PUT_CONTACT } from "@/app/api/contacts/[id]/route";
import { POST as IMPORT } from "@/app/api/contacts/import/route";
import { POST as FROM_DATE } from "@/app/api/reminders/from-date/route";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { callRoute } from "@/tests/support/call-route";
import { loopbackPeers } from "@/tests/support/peers";
import type { SunkMail } from "@/tests/support/smtp-sink";
import { createSignedInUser } from "@/tests/support/users";

const peers = loopbackPeers();

/** The message as written: quoted-printable soft breaks and escapes undone. */
function textOf(mail: SunkMail): string {
  const unfolded = mail.raw.replace(/=\r?\n/g, "");
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const mailsTo = (address: string) => peers.smtp.messages.filter((m) => m.to.includes(address));
const paid = { planType: "starter", subscriptionStatus: "active", remindersQuota: 100 } as const;

type Created = { id: string; locale: string | null; dates: { id: string }[] };
const createContact = (cookie: string, body: Record<string, unknown>) =>
  callRoute<Created>(CREATE_CONTACT, "/api/contacts", { method: "POST", cookie, body });

describe("a contact's message language", () => {
  it("defaults to their phone's country's language where it has one of ours, else the user's", async () => {
    const { user, cookie } = await createSignedInUser({ locale: "es", timezone: "Europe/Madrid" });
    const made = async (name: string, phone?: string) =>
      (await createContact(cookie, { name, email: `${name.toLowerCase()}@example.com`, phone })).json.locale;
    expect(await made("Camille", "+33 6 12 34 56 78")).toBe("fr");
    expect(await made("Jane", "+44 7911 123456")).toBe("en");
    expect(await made("Luis", "+52 55 1234 5678")).toBe("es");
    // Canada speaks two of ours, Germany none: the user's.
    expect(await made("Chloe", "+1 514 555 0142")).toBe("es");
    expect(await made("Lukas", "+49 151 23456789")).toBe("es");
    expect(await made("Nadie")).toBe("es");
    // A chosen language is kept.
    expect(
      (await createContact(cookie, { name: "Ann", phone: "+33612345670", locale: "en" })).json.locale,
    ).toBe("en");

    // "Automatic" on an edit (null) is worked out again from the phone, never left empty.
    const camille = (await db.select().from(contacts).where(eq(contacts.workspaceId, user.id))).find(
      (c) => c.name === "Camille",
    )!;
    const edited = await callRoute<Created>(PUT_CONTACT, `/api/contacts/${camille.id}`, {
      method: "PUT",
      cookie,
      params: { id: camille.id },
      body: { locale: null, phone: "+44 7911 123457" },
    });
    expect(edited.json.locale).toBe("en");

    // An import without a language column does the same, row by row.
    const imported = await callRoute(IMPORT, "/api/contacts/import", {
      method: "POST",
      cookie,
      body: {
        rows: [
          { line: 2, name: "Marie", phone: "06 12 34 56 90", country: "France" },
          { line: 3, name: "Pepa", email: "pepa@example.es" },
        ],
      },
    });
    expect(imported.json).toMatchObject({ imported: 2, failed: 0 });
    const rows = await db.select().from(contacts).where(eq(contacts.workspaceId, user.id));
    expect(rows.find((c) => c.name === "Marie")?.locale).toBe("fr");
    expect(rows.find((c) => c.name === "Pepa")?.locale).toBe("es");
  });
});

describe("a yearly reminder in the recipient's words", () => {
  it("the greeting and {date} in the contact's language; the lead to the user in theirs", async () => {
    // The user writes in English from New York; Camille's phone is French, Luis's Mexican.
    const { user, cookie } = await createSignedInUser({
      ...paid,
      timezone: "America/New_York",
      locale: "en",
      senderName: "Marta",
    });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T12:00:00Z") });
    try {
      const camille = await createContact(cookie, {
        name: "Camille Martin",
        email: "camille@example.fr",
        phone: "+33 6 12 34 56 78",
        dates: [{ kind: "birthday", month: 3, day: 3, year: 1986 }],
      });
      const luis = await createContact(cookie, {
        name: "Luis Ortega",
        email: "luis@example.mx",
        phone: "+52 55 1234 5678",
        dates: [{ kind: "birthday", month: 3, day: 3 }],
      });
      const yearly = await callRoute<{ message: string; recipient: string }[]>(
        FROM_DATE,
        "/api/reminders/from-date",
        {
          method: "POST",
          cookie,
          body: { contactDateId: luis.json.dates[0].id, time: "09:00", leadDays: [7] },
        },
      );
      expect(yearly.status).toBe(201);
      // Without a message of the user's own, Luis's greeting is Spanish; the lead line is the user's.
      expect(yearly.json.map((r) => [r.recipient, r.message])).toEqual([
        ["contact", "¡Feliz cumpleaños, {first_name}!"],
        ["owner", "{name}'s birthday is on {date}."],
      ]);
      const written = await callRoute(FROM_DATE, "/api/reminders/from-date", {
        method: "POST",
        cookie,
        body: {
          contactDateId: camille.json.dates[0].id,
          time: "09:00",
          message: "{first_name}, on se voit le {date} !",
          leadDays: [],
        },
      });
      expect(written.status).toBe(201);
    } finally {
      vi.useRealTimers();
    }

    // The lead: 24 February at 09:00 New York, to the user, in English.
    await runBatch({ workerId: "w", clock: () => new Date("2026-02-24T14:00:01Z") });
    const [lead] = mailsTo(user.email);
    expect(textOf(lead)).toContain("Luis Ortega's birthday is on March 3.");
    // 3 March 2026 at 09:00, in each contact's zone (their phone's country's where it keeps one
    // clock; Mexico has several, so the user's New York).
    await runBatch({ workerId: "w", clock: () => new Date("2026-03-03T15:00:00Z") });
    const [toCamille] = mailsTo("camille@example.fr");
    expect(textOf(toCamille)).toContain("Bonjour Camille Martin,");
    expect(textOf(toCamille)).toContain("Camille, on se voit le 3 mars !");
    expect(toCamille.headers.get("subject")).toBe("Un rappel de la part de Marta");
    const [toLuis] = mailsTo("luis@example.mx");
    expect(textOf(toLuis)).toContain("Hola, Luis Ortega:");
    expect(textOf(toLuis)).toContain("¡Feliz cumpleaños, Luis!");
  });

  it("fields written by their Spanish names are filled for a French contact, the text stored as typed", async () => {
    // A Spanish user writes to Camille, whose phone is French.
    const { user, cookie } = await createSignedInUser({
      ...paid,
      timezone: "Europe/Madrid",
      locale: "es",
      senderName: "Marta",
    });
    const typed = "¡Feliz {edad} cumpleaños, {nombre}! Te escribe {remitente} para el {fecha}.";
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T12:00:00Z") });
    try {
      const camille = await createContact(cookie, {
        name: "Camille Martin",
        email: "camille.es@example.fr",
        phone: "+33 6 12 34 56 79",
        dates: [{ kind: "birthday", month: 3, day: 3, year: 1986 }],
      });
      const made = await callRoute<{ message: string; recipient: string }[]>(
        FROM_DATE,
        "/api/reminders/from-date",
        {
          method: "POST",
          cookie,
          body: { contactDateId: camille.json.dates[0].id, time: "09:00", message: typed, leadDays: [7] },
        },
      );
      expect(made.status).toBe(201);
      // Kept as typed; the lead line the product writes uses the user's names too.
      expect(made.json.map((r) => [r.recipient, r.message])).toEqual([
        ["contact", typed],
        ["owner", "El cumpleaños de {nombre_completo} es el {fecha} (cumple {edad})."],
      ]);
    } finally {
      vi.useRealTimers();
    }

    // The lead, 24 February at 09:00 Madrid, to the user in Spanish; the day, 3 March, to Camille.
    await runBatch({ workerId: "w", clock: () => new Date("2026-02-24T08:00:01Z") });
    expect(textOf(mailsTo(user.email)[0])).toContain(
      "El cumpleaños de Camille Martin es el 3 de marzo (cumple 40).",
    );
    await runBatch({ workerId: "w", clock: () => new Date("2026-03-03T08:00:01Z") });
    const [toCamille] = mailsTo("camille.es@example.fr");
    expect(textOf(toCamille)).toContain("¡Feliz 40 cumpleaños, Camille! Te escribe Marta para el 3 mars.");
  });
});
