import { and, asc, eq } from "drizzle-orm";
import { POST } from "@/app/api/prefs/[token]/route";
import { consentRecords, contacts, webhookMessages, workspaceEvents, workspaces } from "@/db/schema";
import { preferencesToken } from "@/lib/consent/preferences-token";
import { db } from "@/lib/db";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { callRoute } from "./call-route";
import { createContact, createReminder, createSender } from "./delivery-fixtures";
import { insertSentDelivery } from "./media-fixtures";
import { ownActor } from "./users";

const DAY_MS = 86_400_000;

/**
 * A sender ("Clínica Sol", sending as the workspace) and a contact who got a reminder a day ago:
 * the delivery's preferences token is the link in that message. `contact` sets the contact's
 * fields, `sentAt` when the message left.
 */
export async function preferencesLink(
  options: { contact?: Partial<typeof contacts.$inferInsert>; sentAt?: Date; senderLocale?: string } = {},
) {
  const sender = await createSender({
    senderIdentity: "workspace",
    locale: options.senderLocale ?? "en",
    timezone: "Europe/Madrid",
  });
  // "name" is also a person's field: the workspace is named apart.
  await db.update(workspaces).set({ name: "Clínica Sol" }).where(eq(workspaces.id, sender.workspace.id));
  const contact = await createContact(sender.workspace.id, {
    name: "Ben García",
    phone: "+34600111222",
    ...options.contact,
  });
  const sentAt = options.sentAt ?? new Date(Date.now() - DAY_MS);
  const reminder = await createReminder(sender.workspace.id, contact.id, sentAt, { status: "sent" });
  const delivery = await insertSentDelivery(reminder, sentAt);
  return { sender, contact, delivery, token: preferencesToken(delivery.id) };
}

/** POST /api/prefs/{token} as the page sends it (same site, JSON). */
export function postPreferences(token: string, body: unknown) {
  return callRoute<{
    changed?: string | null;
    code?: string;
    field?: string;
    issues?: { path: string; code: string }[];
  }>(POST, `/api/prefs/${token}`, { method: "POST", params: { token }, body });
}

/** The page's save with every choice empty, `choices` on top. */
export const save = (choices: Record<string, unknown> = {}) => ({
  action: "save",
  channels: [],
  notBefore: "",
  notAfter: "",
  timeZone: "",
  pausedUntil: "",
  ...choices,
});

export async function contactRow(id: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

export function consentOf(contactId: string) {
  return db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.contactId, contactId))
    .orderBy(asc(consentRecords.id));
}

export function trailOf(workspaceId: string) {
  return db
    .select()
    .from(workspaceEvents)
    .where(
      and(
        eq(workspaceEvents.workspaceId, workspaceId),
        eq(workspaceEvents.kind, "contact.preferences_changed"),
      ),
    )
    .orderBy(asc(workspaceEvents.id));
}

/** An endpoint of the workspace subscribed to `events` (never called: the tests read its messages). */
export async function subscribe(
  ownerId: string,
  events: ("contact.preferences_changed" | "contact.opted_in")[],
) {
  return createWebhookEndpoint(
    await ownActor(ownerId),
    { url: "http://127.0.0.1:9/hooks", events },
    { allowPrivate: true },
  );
}

/** The events written for the workspace's endpoints, oldest first: type and data. */
export async function eventsOf(workspaceId: string) {
  const rows = await db
    .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
    .from(webhookMessages)
    .where(eq(webhookMessages.workspaceId, workspaceId))
    .orderBy(asc(webhookMessages.id));
  return rows.map((row) => ({
    type: row.type,
    data: (row.payload as { data: Record<string, unknown> }).data,
  }));
}
