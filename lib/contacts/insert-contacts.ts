import "server-only";
import { eq } from "drizzle-orm";
import { contactDates, contacts } from "@/db/schema";
import { db, type Transaction } from "@/lib/db";
import type { ContactInput } from "@/lib/validations/contact";
import { CONTACT_LIMIT_MESSAGE, contactLimitOf } from "./contact-limit";
import { DuplicateKeys } from "./duplicate-keys";
import { newDateRow } from "./replace-contact-dates";
import { resolveWhatsAppConsent } from "./whatsapp-consent";
import type { Actor } from "@/lib/workspaces/actor";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";

export type InsertOutcome =
  | { ok: true; id: string }
  /** `existingId`: a duplicate's contact, the one already holding its e-mail or phone. */
  | { ok: false; reason: string; limitReached?: boolean; existingId?: string };

/** More work of the caller's in the same transaction, once the contacts are in (an import into a group). */
export type AfterInsert = (tx: Transaction, outcomes: InsertOutcome[]) => Promise<void>;

const CHUNK = 1000;

/**
 * Creates valid contacts in one transaction under the workspace's row lock (whichever member
 * adds them): a duplicate e-mail/phone is refused, and once the plan's contact limit is reached
 * every further one is refused. One outcome per input, in order. Shared by single creates
 * (`contact.created` in the trail) and imports (`contacts.imported`, with the count);
 * `afterInsert` runs last in the same transaction (its error undoes the inserts too).
 */
export async function insertContacts(
  actor: Actor,
  inputs: ContactInput[],
  trail: "contact.created" | "contacts.imported",
  afterInsert?: AfterInsert,
): Promise<InsertOutcome[]> {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId);
    const limit = contactLimitOf(workspace.planType);
    const existing = await tx
      .select({ id: contacts.id, email: contacts.email, phone: contacts.phone })
      .from(contacts)
      .where(eq(contacts.workspaceId, workspaceId));
    const keys = new DuplicateKeys(existing);
    let total = existing.length;
    const outcomes: InsertOutcome[] = [];
    const rows: (typeof contacts.$inferInsert)[] = [];
    const dates: (typeof contactDates.$inferInsert)[] = [];
    for (const input of inputs) {
      const clash = keys.clash(input);
      if (clash) {
        outcomes.push({ ok: false, reason: clash, existingId: keys.holder(input) ?? undefined });
        continue;
      }
      if (total >= limit) {
        outcomes.push({ ok: false, reason: CONTACT_LIMIT_MESSAGE, limitReached: true });
        continue;
      }
      const id = crypto.randomUUID();
      keys.add(input, id);
      total += 1;
      rows.push({
        id,
        workspaceId,
        createdBy: actor.user.id,
        updatedBy: actor.user.id,
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        relationship: input.relationship ?? null,
        timezone: input.timezone ?? null,
        locale: input.locale ?? null,
        avatarUrl: input.avatarUrl ?? null,
        deliveryMethod: input.deliveryMethod,
        ...resolveWhatsAppConsent(input, null, new Date()),
      });
      for (const date of input.dates ?? []) dates.push(newDateRow(workspaceId, id, date));
      outcomes.push({ ok: true, id });
    }
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(contacts).values(rows.slice(i, i + CHUNK));
    for (let i = 0; i < dates.length; i += CHUNK)
      await tx.insert(contactDates).values(dates.slice(i, i + CHUNK));
    if (rows.length > 0)
      await recordWorkspaceEvent(
        tx,
        workspaceId,
        actor,
        trail === "contact.created"
          ? { kind: trail, subjectId: rows[0].id, details: { name: rows[0].name } }
          : { kind: trail, details: { count: rows.length } },
      );
    if (afterInsert) await afterInsert(tx, outcomes);
    return outcomes;
  });
}
