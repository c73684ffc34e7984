import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { contacts } from "@/db/schema";
import { GET, POST } from "@/app/api/unsubscribe/[token]/route";
import { db } from "@/lib/db";
import { findUnsubscribeTarget } from "@/lib/inbound/find-unsubscribe-target";
import { callRoute } from "../../support/call-route";
import { createContact, createSender } from "../../support/delivery-fixtures";

const optedOut = async (id: string) =>
  (await db.select().from(contacts).where(eq(contacts.id, id)))[0].emailOptOut;

it("a GET of the List-Unsubscribe URL (a link or a mail scanner) shows the confirmation page and changes nothing", async () => {
  const user = await createSender({ senderName: "Ana Pérez" });
  const contact = await createContact(user.id, { email: "ben@example.org" });
  const path = `/api/unsubscribe/${contact.unsubscribeToken}`;
  for (let i = 0; i < 2; i++) {
    const res = await callRoute(GET, path, { params: { token: contact.unsubscribeToken } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`http://localhost:3000/unsubscribe/${contact.unsubscribeToken}`);
  }
  expect(await optedOut(contact.id)).toBe(false);
  expect(await findUnsubscribeTarget(contact.unsubscribeToken)).toEqual({
    email: "ben@example.org",
    senderName: "Ana Pérez",
    optedOut: false,
  });
  expect(await optedOut(contact.id)).toBe(false);
});

it("the RFC 8058 one-click POST unsubscribes, also from another origin (the mail provider)", async () => {
  const user = await createSender();
  const contact = await createContact(user.id);
  const res = await callRoute(POST, `/api/unsubscribe/${contact.unsubscribeToken}`, {
    method: "POST",
    params: { token: contact.unsubscribeToken },
    body: "List-Unsubscribe=One-Click",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://mail.provider.example",
      "sec-fetch-site": "cross-site",
    },
  });
  expect(res.status).toBe(200);
  expect(res.text).toContain("no longer receive reminders by email");
  expect(await optedOut(contact.id)).toBe(true);
});

it("the page's button unsubscribes and returns to the page's result; an unknown token changes nothing", async () => {
  const user = await createSender();
  const contact = await createContact(user.id);
  const res = await callRoute(POST, `/api/unsubscribe/${contact.unsubscribeToken}`, {
    method: "POST",
    params: { token: contact.unsubscribeToken },
    body: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
  });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe(
    `http://localhost:3000/unsubscribe/${contact.unsubscribeToken}?done=1`,
  );
  expect(await optedOut(contact.id)).toBe(true);

  const unknown = randomUUID();
  const missing = await callRoute(POST, `/api/unsubscribe/${unknown}`, {
    method: "POST",
    params: { token: unknown },
    body: "List-Unsubscribe=One-Click",
  });
  expect(missing.status).toBe(404);
  expect(await findUnsubscribeTarget(unknown)).toBeNull();
});
