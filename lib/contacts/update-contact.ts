import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { contacts, storedObjects } from "@/db/schema";
import { invalidInput, conflict, notFound } from "@/lib/errors/domain-error";
import { toLocale } from "@/i18n/locales";
import { db } from "@/lib/db";
import { objectIdOfPath } from "@/lib/storage/object-path";
import { removeObjectAtPath } from "@/lib/storage/remove-object-at-path";
import type { Actor } from "@/lib/workspaces/actor";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import type { UpdateContactBody } from "@/lib/validations/contact";
import { ownContact } from "./contact-select";
import { DuplicateKeys, duplicateProblem } from "./duplicate-keys";
import { getContact } from "./get-contact";
import { contactSchemaFor } from "./contact-schema-for";
import { defaultContactLocale } from "./phone-language";
import { replaceContactDates } from "./replace-contact-dates";
import { resolveWhatsAppConsent, type WhatsAppConsent } from "./whatsapp-consent";

const pick = <K extends keyof UpdateContactBody>(body: UpdateContactBody, key: K, current: unknown) =>
  key in body ? body[key] : current;

/**
 * PUT /api/contacts/{id}: the given fields replace the stored ones (null or "" clears an
 * optional field), and the result is checked by the same schema as a new contact. `dates`,
 * when given, replaces the contact's set of dates in the same transaction.
 */
export async function updateContact(actor: Actor, contactId: string, body: UpdateContactBody) {
  const { user } = actor;
  const workspaceId = actor.workspace.id;
  const previousAvatar = await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [current] = await tx.select().from(contacts).where(ownContact(workspaceId, contactId));
    if (!current) throw notFound({ code: "contact_not_found", message: "Contact not found" });
    const merged = {
      name: pick(body, "name", current.name),
      email: pick(body, "email", current.email),
      phone: pick(body, "phone", current.phone),
      relationship: pick(body, "relationship", current.relationship),
      timezone: pick(body, "timezone", current.timezone),
      locale: pick(body, "locale", current.locale),
      avatarUrl: pick(body, "avatarUrl", current.avatarUrl),
      whatsappConsentSource: pick(body, "whatsappConsentSource", undefined),
      whatsappConsentAt: pick(body, "whatsappConsentAt", undefined),
    };
    const keepMethod =
      (current.deliveryMethod === "email" && merged.email) ||
      (current.deliveryMethod === "sms" && merged.phone);
    const input = contactSchemaFor(user).parse({
      ...merged,
      dates: body.dates,
      deliveryMethod: body.deliveryMethod ?? (keepMethod ? current.deliveryMethod : undefined),
    });
    const others = await tx
      .select({ email: contacts.email, phone: contacts.phone })
      .from(contacts)
      .where(and(eq(contacts.workspaceId, workspaceId), ne(contacts.id, contactId)));
    const clash = new DuplicateKeys(others).clash(input);
    if (clash) throw conflict(duplicateProblem(clash));
    if (input.avatarUrl && input.avatarUrl !== current.avatarUrl) {
      // Only a checked image of this workspace's own can become an avatar.
      const [object] = await tx
        .select({ id: storedObjects.id })
        .from(storedObjects)
        .where(
          and(
            eq(storedObjects.id, objectIdOfPath(input.avatarUrl) ?? ""),
            eq(storedObjects.workspaceId, workspaceId),
            eq(storedObjects.status, "ready"),
          ),
        );
      if (!object) throw invalidInput("avatarUrl: Invalid avatar");
    }
    await tx
      .update(contacts)
      .set({
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        relationship: input.relationship ?? null,
        timezone: input.timezone ?? null,
        // "Automatic": the phone's country's language, else the owner's, fixed now as on create.
        locale: input.locale ?? defaultContactLocale(input.phone, toLocale(user.locale)),
        avatarUrl: input.avatarUrl ?? null,
        deliveryMethod: input.deliveryMethod,
        ...resolveWhatsAppConsent(input, current as WhatsAppConsent, new Date()),
        // A new address has not been refused by anyone: it may be tried again.
        ...((input.email ?? null) !== current.email
          ? { emailSuppressedAt: null, emailSuppressedReason: null }
          : {}),
        updatedBy: user.id,
        updatedAt: new Date(),
      })
      .where(ownContact(workspaceId, contactId));
    if (input.dates) await replaceContactDates(tx, workspaceId, contactId, input.dates);
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "contact.updated",
      subjectId: contactId,
      details: { name: input.name },
    });
    return (input.avatarUrl ?? null) === current.avatarUrl ? null : current.avatarUrl;
  });
  await removeObjectAtPath(workspaceId, previousAvatar);
  return getContact(workspaceId, contactId);
}
