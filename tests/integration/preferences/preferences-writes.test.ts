import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { db } from "@/lib/db";
import { snapshotDatabase } from "../../support/db-snapshot";
import {
  consentOf,
  contactRow,
  eventsOf,
  postPreferences,
  preferencesLink,
  save,
  subscribe,
  trailOf,
} from "../../support/preferences-fixtures";

const SENDER = "Clínica Sol";
const words = (sentence: string) => sentence.replace("{sender}", SENDER);
const DAY_MS = 86_400_000;
/** A day of the Madrid calendar `days` after today (the contact's derived zone). */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(
    new Date(Date.now() + days * DAY_MS),
  );

describe("saving the page's choices", () => {
  it("writes the contact's choices, a consent record per change in the words shown, a trail line and an event", async () => {
    const { sender, contact, token } = await preferencesLink({ contact: { email: "ben@example.org" } });
    await subscribe(sender.id, ["contact.preferences_changed"]);
    const pause = dayAhead(10);
    const res = await postPreferences(
      token,
      save({
        channels: ["whatsapp", "sms"],
        notBefore: "10:00",
        timeZone: "Atlantic/Canary",
        pausedUntil: pause,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ changed: "preferences" });

    const row = await contactRow(contact.id);
    expect(row).toMatchObject({
      acceptedChannels: ["whatsapp", "sms"],
      windowStart: 600,
      windowEnd: 1440,
      timezone: "Atlantic/Canary",
      pausedUntil: pause,
      whatsappConsentSource: "website",
      stoppedAt: null,
    });
    expect(row.whatsappConsentAt).not.toBeNull();
    expect(row.preferencesChangedAt).not.toBeNull();

    const records = await consentOf(contact.id);
    expect(records.map((r) => [r.change, r.channel, r.source, r.wording])).toEqual([
      ["preferences_changed", null, "preferences_page", words(en.preferencesPage.channels.consent)],
      ["preferences_changed", null, "preferences_page", words(en.preferencesPage.window.consent)],
      ["preferences_changed", null, "preferences_page", words(en.preferencesPage.pause.consent)],
      ["opted_in", "whatsapp", "preferences_page", words(en.preferencesPage.channels.whatsappConsent)],
    ]);
    expect(records[0].details).toEqual({ acceptedChannels: ["whatsapp", "sms"] });
    expect(records[1].details).toEqual({ windowStart: 600, windowEnd: 1440, timeZone: "Atlantic/Canary" });

    const [line] = await trailOf(sender.workspace.id);
    expect(line).toMatchObject({
      actorId: null,
      actorName: "Ben García",
      subjectId: contact.id,
      details: { name: "Ben García", change: "preferences" },
    });

    expect(await eventsOf(sender.workspace.id)).toEqual([
      {
        type: "contact.preferences_changed",
        data: {
          workspaceId: sender.workspace.id,
          actor: null,
          contactId: contact.id,
          change: "preferences",
          preferences: {
            channels: ["whatsapp", "sms"],
            window: { notBefore: "10:00", notAfter: "24:00" },
            pausedUntil: pause,
            stopped: false,
            language: null,
            forgetRequested: false,
            optedOut: [],
          },
        },
      },
    ]);
  });

  it("changes nothing when the same choices are saved again; none ticked is no choice", async () => {
    const { contact, token } = await preferencesLink();
    await postPreferences(token, save({ channels: ["sms"], notAfter: "20:30" }));
    const before = await snapshotDatabase();
    expect((await postPreferences(token, save({ channels: ["sms"], notAfter: "20:30" }))).json).toEqual({
      changed: null,
    });
    expect(await snapshotDatabase()).toEqual(before);
    expect(await contactRow(contact.id)).toMatchObject({ windowStart: 0, windowEnd: 1230 });

    await postPreferences(token, save());
    expect(await contactRow(contact.id)).toMatchObject({
      acceptedChannels: null,
      windowStart: null,
      windowEnd: null,
    });
    expect((await consentOf(contact.id)).map((r) => r.details)).toEqual([
      { acceptedChannels: ["sms"] },
      { windowStart: 0, windowEnd: 1230, timeZone: null },
      { acceptedChannels: null },
      { windowStart: null, windowEnd: null, timeZone: null },
    ]);
  });

  it.each([
    [
      "a window that ends before it starts",
      { notBefore: "18:00", notAfter: "09:00" },
      "notAfter",
      "window_order",
    ],
    ["a time that is no time", { notBefore: "25:00" }, "notBefore", "invalid_time"],
    ["an unknown zone", { timeZone: "Mars/Olympus" }, "timeZone", "invalid_time_zone"],
    ["a date that does not exist", { pausedUntil: "2031-02-30" }, "pausedUntil", "invalid_date"],
    ["a pause that ends today", { pausedUntil: dayAhead(0) }, "pausedUntil", "pause_in_past"],
    ["a pause of more than a year", { pausedUntil: dayAhead(400) }, "pausedUntil", "pause_too_far"],
    ["a channel twice", { channels: ["sms", "sms"] }, "channels", "duplicate_channel"],
    ["e-mail, with no address", { channels: ["sms", "email"] }, "channels", "channel_unavailable"],
    ["a channel the contact left", { channels: ["call"] }, "channels", "channel_unavailable"],
  ])("refuses %s under its field and writes nothing", async (_, choices, field, code) => {
    const { token } = await preferencesLink({ contact: { email: null, callOptOut: true } });
    const before = await snapshotDatabase();
    const res = await postPreferences(token, save(choices));
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(code);
    expect(res.json.field).toBe(field);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it("refuses an unknown action or field", async () => {
    const { token } = await preferencesLink();
    const before = await snapshotDatabase();
    expect((await postPreferences(token, { action: "opt_in_everyone" })).status).toBe(400);
    expect((await postPreferences(token, { ...save(), callOptOut: false })).status).toBe(400);
    expect((await postPreferences(token, { action: "language", locale: "de" })).status).toBe(400);
    expect(await snapshotDatabase()).toEqual(before);
  });
});

describe("the page's one-button changes", () => {
  it("saves the language, recorded in the words of the page as it was, and later words come in it", async () => {
    const { contact, token } = await preferencesLink();
    expect((await postPreferences(token, { action: "language", locale: "fr" })).json).toEqual({
      changed: "language",
    });
    expect((await contactRow(contact.id)).locale).toBe("fr");
    await postPreferences(token, { action: "stop" });
    const records = await consentOf(contact.id);
    expect(records.map((r) => [r.change, r.wording])).toEqual([
      [
        "preferences_changed",
        `${en.preferencesPage.language.label}: ${words(en.preferencesPage.language.hint)}`,
      ],
      ["stopped", words(fr.preferencesPage.stop.consent)],
    ]);
  });

  it("stops everything and resumes, once each", async () => {
    const { sender, contact, token } = await preferencesLink();
    expect((await postPreferences(token, { action: "stop" })).json).toEqual({ changed: "stopped" });
    const stoppedAt = (await contactRow(contact.id)).stoppedAt;
    expect(stoppedAt).not.toBeNull();
    expect((await postPreferences(token, { action: "stop" })).json).toEqual({ changed: null });
    expect((await contactRow(contact.id)).stoppedAt).toEqual(stoppedAt);
    expect((await postPreferences(token, { action: "resume" })).json).toEqual({ changed: "resumed" });
    expect((await contactRow(contact.id)).stoppedAt).toBeNull();
    expect((await consentOf(contact.id)).map((r) => [r.change, r.wording])).toEqual([
      ["stopped", words(en.preferencesPage.stop.consent)],
      ["resumed", words(en.preferencesPage.stop.resumeConsent)],
    ]);
    expect((await trailOf(sender.workspace.id)).map((line) => line.details.change)).toEqual([
      "stopped",
      "resumed",
    ]);
  });

  it("takes e-mail back after an unsubscribe, with contact.opted_in; a second time is refused", async () => {
    const { sender, contact, token } = await preferencesLink({
      contact: { email: "ben@example.org", emailOptOut: true },
    });
    await subscribe(sender.id, ["contact.opted_in", "contact.preferences_changed"]);
    expect((await postPreferences(token, { action: "email_opt_in" })).json).toEqual({
      changed: "email_back",
    });
    expect((await contactRow(contact.id)).emailOptOut).toBe(false);
    expect((await consentOf(contact.id)).map((r) => [r.change, r.channel, r.wording])).toEqual([
      ["opted_in", "email", words(en.preferencesPage.optedOut.emailConsent)],
    ]);
    const events = await eventsOf(sender.workspace.id);
    expect(events.map((e) => e.type)).toEqual(["contact.opted_in", "contact.preferences_changed"]);
    expect(events[0].data).toMatchObject({ contactId: contact.id, channels: ["email"] });
    const again = await postPreferences(token, { action: "email_opt_in" });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("not_opted_out");
  });

  it(`answers 429 after ${RATE_LIMITS.preferencesWrite.limit} writes of one link in a window`, async () => {
    const { token } = await preferencesLink();
    const other = await preferencesLink();
    await db.execute(sql`delete from rate_limits`);
    for (let i = 0; i < RATE_LIMITS.preferencesWrite.limit; i++) {
      const res = await postPreferences(token, { action: i % 2 === 0 ? "stop" : "resume" });
      expect(res.status).toBe(200);
    }
    const limited = await postPreferences(token, { action: "stop" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another link is counted apart.
    expect((await postPreferences(other.token, { action: "stop" })).status).toBe(200);
  });
});
