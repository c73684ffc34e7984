import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as contactRoute from "@/app/api/v1/contacts/[id]/route";
import * as contactsRoute from "@/app/api/v1/contacts/route";
import * as reminderRoute from "@/app/api/v1/reminders/[id]/route";
import * as remindersRoute from "@/app/api/v1/reminders/route";
import * as usageRoute from "@/app/api/v1/usage/route";
import { db } from "@/lib/db";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createContact, insertReminder, localInDays } from "../../support/reminders";

describe("/api/v1 rate limits", () => {
  it("counts calls per key in RateLimit-* headers and answers 429 with Retry-After past the limit", async () => {
    // The window is the test's clock's, held still 5 s into a window (only Date is faked: the
    // database and timers run as usual), so the calls cannot fall into two windows.
    const windowStart = new Date("2031-01-06T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: windowStart.getTime() + 5_000 });
    try {
      const holder = await createKeyHolder("read");
      const first = await callV1(usageRoute.GET, "/usage", holder.key);
      const { limit, windowSeconds } = RATE_LIMITS.apiKey;
      expect(first.headers.get("ratelimit-limit")).toBe(String(limit));
      expect(first.headers.get("ratelimit-remaining")).toBe(String(limit - 1));
      expect(first.headers.get("ratelimit-reset")).toBe(String(windowSeconds - 5));
      expect(
        Number((await callV1(usageRoute.GET, "/usage", holder.key)).headers.get("ratelimit-remaining")),
      ).toBe(limit - 2);
      // The rest of the window's allowance, spent at once.
      await db.execute(
        sql`update rate_limits set count = ${limit}
          where key = ${`${RATE_LIMITS.apiKey.name}:${holder.apiKeyId}`} and window_start = ${windowStart.toISOString()}`,
      );
      const limited = await callV1(usageRoute.GET, "/usage", holder.key);
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({ code: "too_many_requests" });
      expect(limited.headers.get("ratelimit-remaining")).toBe("0");
      expect(limited.headers.get("retry-after")).toBe(String(windowSeconds - 5));
      // Another key of the same user has its own window.
      const other = await createKeyHolder("read");
      expect((await callV1(usageRoute.GET, "/usage", other.key)).status).toBe(200);
      // The last second of the window still refuses; the next window counts again.
      vi.setSystemTime(windowStart.getTime() + windowSeconds * 1000 - 1);
      expect((await callV1(usageRoute.GET, "/usage", holder.key)).status).toBe(429);
      vi.setSystemTime(windowStart.getTime() + windowSeconds * 1000);
      const next = await callV1(usageRoute.GET, "/usage", holder.key);
      expect(next.status).toBe(200);
      expect(next.headers.get("ratelimit-remaining")).toBe(String(limit - 1));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("/api/v1 errors", () => {
  it("a bad body is a 400 in the one format, its message in the Accept-Language's language", async () => {
    const holder = await createKeyHolder();
    const english = await callV1(contactsRoute.POST, "/contacts", holder.key, {
      method: "POST",
      body: { name: "Ann" },
    });
    expect(english.status).toBe(400);
    expect(english.json).toMatchObject({
      code: "email_or_phone_required",
      message: "email: Either email or phone must be provided",
      field: "email",
      issues: [{ path: "email", code: "email_or_phone_required" }],
    });
    const spanish = await callV1(contactsRoute.POST, "/contacts", holder.key, {
      method: "POST",
      body: { name: "Ann" },
      headers: { "accept-language": "es-MX,es;q=0.9,en;q=0.5" },
    });
    expect(spanish.json).toMatchObject({
      code: "email_or_phone_required",
      message: "Indica un correo electrónico o un teléfono",
      field: "email",
    });
    expect(spanish.headers.get("content-language")).toBe("es");
    const french = await callV1(usageRoute.GET, "/usage", null, { headers: { "accept-language": "fr" } });
    expect(french.json).toEqual({
      code: "invalid_api_key",
      message: "La clé d’API est absente, inconnue ou révoquée.",
    });
    expect(french.headers.get("www-authenticate")).toBe('Bearer realm="Remindful API"');
    const malformed = await callV1(contactsRoute.POST, "/contacts", holder.key, {
      method: "POST",
      body: "{oops",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ code: "malformed_json" });
  });

  it("a message's fields by any language's names; a mistake lists the fields in the Accept-Language's names", async () => {
    const holder = await createKeyHolder();
    const contact = await createContact(holder.user.id);
    const reminder = (message: string) => ({
      contactId: contact.id,
      message,
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: localInDays(3),
    });
    const post = (message: string, language: string) =>
      callV1(remindersRoute.POST, "/reminders", holder.key, {
        method: "POST",
        body: reminder(message),
        headers: { "accept-language": language },
      });
    const accepted = await post("Hola {nombre}, {fecha}. {remitente} / {prénom} {expediteur}", "es");
    expect(accepted.status).toBe(201);
    expect(accepted.json).toMatchObject({
      message: "Hola {nombre}, {fecha}. {remitente} / {prénom} {expediteur}",
    });
    const spanish = await post("Hola {nombres}", "es");
    expect(spanish.status).toBe(400);
    expect(spanish.json).toMatchObject({
      code: "unknown_fields",
      message:
        "El mensaje usa un campo que no existe. Los campos son {nombre}, {nombre_completo}, {remitente}, {edad} y {fecha}.",
    });
    const english = await post("Hi {nickname}", "en");
    expect(english.json).toMatchObject({
      code: "unknown_fields",
      message:
        "message: Unknown field {nickname}; the fields are {first_name}, {name}, {sender}, {age}, {date}",
    });
  });

  it("another user's ids are 404s and change nothing", async () => {
    const owner = await createKeyHolder();
    const contact = await createContact(owner.user.id);
    const reminder = await insertReminder(owner.user.id, contact.id);
    const intruder = await createKeyHolder();
    const before = await snapshotDatabase();
    const attempts = [
      callV1(contactRoute.GET, `/contacts/${contact.id}`, intruder.key, { params: { id: contact.id } }),
      callV1(contactRoute.PATCH, `/contacts/${contact.id}`, intruder.key, {
        method: "PATCH",
        params: { id: contact.id },
        body: { name: "Mallory" },
      }),
      callV1(contactRoute.DELETE, `/contacts/${contact.id}`, intruder.key, {
        method: "DELETE",
        params: { id: contact.id },
      }),
      callV1(reminderRoute.GET, `/reminders/${reminder.id}`, intruder.key, { params: { id: reminder.id } }),
      callV1(reminderRoute.DELETE, `/reminders/${reminder.id}`, intruder.key, {
        method: "DELETE",
        params: { id: reminder.id },
      }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(404);
    expect(await snapshotDatabase()).toEqual(before);
  });
});
