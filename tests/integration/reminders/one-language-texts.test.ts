import { describe, expect, it, vi } from "vitest";
import { POST as CREATE_CONTACT } from "@/app/api/contacts/route";
import { GET as LIST } from "@/app/api/reminders/route";
import { POST as FROM_DATE } from "@/app/api/reminders/from-date/route";
import { getDashboardData } from "@/lib/dashboard/get-dashboard-data";
import { runBatch } from "@/lib/delivery/run-batch";
import { callRoute } from "@/tests/support/call-route";
import { loopbackPeers } from "@/tests/support/peers";
import type { SunkMail } from "@/tests/support/smtp-sink";
import { createSignedInMember, createSignedInUser } from "@/tests/support/users";

// One rule for every text a person reads: it is written in one language, and every date, number
// and list in it is written the way that language writes them. A Spanish member's lead e-mail
// about a French contact's birthday is Spanish through and through.

const peers = loopbackPeers();

/** The message as written: quoted-printable soft breaks and escapes undone. */
function textOf(mail: SunkMail): string {
  const unfolded = mail.raw.replace(/=\r?\n/g, "");
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const paid = { planType: "starter", subscriptionStatus: "active", remindersQuota: 100 } as const;
type Listed = { recipient: string; message: string | null; messageText?: string };

/** François (French) with a birthday on 21 July; a yearly reminder to him and a lead 7 days before. */
async function françoisBirthday(cookie: string) {
  const contact = await callRoute<{ id: string; dates: { id: string }[] }>(CREATE_CONTACT, "/api/contacts", {
    method: "POST",
    cookie,
    body: {
      name: "François Dupont",
      email: "francois@example.fr",
      phone: "+33 6 12 34 56 78",
      locale: "fr",
      dates: [{ kind: "birthday", month: 7, day: 21 }],
    },
  });
  expect(contact.status).toBe(201);
  const made = await callRoute(FROM_DATE, "/api/reminders/from-date", {
    method: "POST",
    cookie,
    body: { contactDateId: contact.json.dates[0].id, time: "09:00", leadDays: [7] },
  });
  expect(made.status).toBe(201);
}

const listed = async (cookie: string) => (await callRoute<Listed[]>(LIST, "/api/reminders", { cookie })).json;

describe("a text is written in one language", () => {
  it("a Spanish user's lead reminder about a French contact: the list and the e-mail say '21 de julio'", async () => {
    const { user, workspace, cookie } = await createSignedInUser({
      ...paid,
      locale: "es",
      timezone: "Europe/Madrid",
      senderName: "Lucía",
    });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-01T10:00:00Z") });
    try {
      await françoisBirthday(cookie);
      const items = await listed(cookie);
      const lead = items.find((r) => r.recipient === "owner");
      const toHim = items.find((r) => r.recipient === "contact");
      expect(lead?.messageText).toBe("El cumpleaños de François Dupont es el 21 de julio.");
      // His own reminder is in his language: French greeting, French date if it had one.
      expect(toHim?.messageText).toBe("Joyeux anniversaire, François !");
      const dashboard = await getDashboardData(workspace);
      expect(dashboard.recent.find((r) => r.recipient === "owner")?.messageText).toBe(
        "El cumpleaños de François Dupont es el 21 de julio.",
      );
    } finally {
      vi.useRealTimers();
    }
    // 14 July at 09:00 Madrid: the lead e-mail, in Spanish with a Spanish date.
    await runBatch({ workerId: "w", clock: () => new Date("2026-07-14T07:00:01Z") });
    const [mail] = peers.smtp.messages.filter((m) => m.to.includes(user.email));
    expect(textOf(mail)).toContain("El cumpleaños de François Dupont es el 21 de julio.");
    expect(textOf(mail)).not.toMatch(/juillet/);
  });

  it("in a team's workspace, each member's lead reminders in that member's language", async () => {
    const owner = await createSignedInUser({ ...paid, locale: "en", timezone: "Europe/Paris" });
    const member = await createSignedInMember(owner.workspace, "member", {
      locale: "es",
      timezone: "Europe/Madrid",
      senderName: "Lucía G.",
    });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-01T10:00:00Z") });
    try {
      await françoisBirthday(member.cookie);
      const items = await listed(owner.cookie);
      expect(items.find((r) => r.recipient === "owner")?.messageText).toBe(
        "El cumpleaños de François Dupont es el 21 de julio.",
      );
      expect(items.find((r) => r.recipient === "contact")?.messageText).toBe(
        "Joyeux anniversaire, François !",
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
